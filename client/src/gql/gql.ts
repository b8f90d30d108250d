/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    access_token\n    refresh_token\n    role\n    entity_id\n    entity_type\n    country_code\n    name\n    email\n    country_list\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    message\n  }\n}\n\nquery VerifyResetToken($token: String!) {\n  verifyResetToken(token: $token) {\n    valid\n  }\n}\n\nmutation ResetPassword($token: String!, $new_password: String!) {\n  resetPassword(token: $token, new_password: $new_password) {\n    message\n  }\n}\n\nmutation AcceptInvitation($token: String!) {\n  acceptInvitation(token: $token) {\n    message\n  }\n}": typeof types.LoginDocument,
    "query OverviewRows($start_date: String!, $end_date: String!) {\n  dashboardSummary(start_date: $start_date, end_date: $end_date) {\n    booking_id\n    customer_id\n    customer_name\n    campaign_name\n    booking_name\n    channel_name\n    start_date\n    end_date\n    impressions\n    cpm\n    spend\n    ping_count\n    entity_name\n    entity_type\n    created_by_name\n    created_at\n  }\n}": typeof types.OverviewRowsDocument,
};
const documents: Documents = {
    "mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    access_token\n    refresh_token\n    role\n    entity_id\n    entity_type\n    country_code\n    name\n    email\n    country_list\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    message\n  }\n}\n\nquery VerifyResetToken($token: String!) {\n  verifyResetToken(token: $token) {\n    valid\n  }\n}\n\nmutation ResetPassword($token: String!, $new_password: String!) {\n  resetPassword(token: $token, new_password: $new_password) {\n    message\n  }\n}\n\nmutation AcceptInvitation($token: String!) {\n  acceptInvitation(token: $token) {\n    message\n  }\n}": types.LoginDocument,
    "query OverviewRows($start_date: String!, $end_date: String!) {\n  dashboardSummary(start_date: $start_date, end_date: $end_date) {\n    booking_id\n    customer_id\n    customer_name\n    campaign_name\n    booking_name\n    channel_name\n    start_date\n    end_date\n    impressions\n    cpm\n    spend\n    ping_count\n    entity_name\n    entity_type\n    created_by_name\n    created_at\n  }\n}": types.OverviewRowsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    access_token\n    refresh_token\n    role\n    entity_id\n    entity_type\n    country_code\n    name\n    email\n    country_list\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    message\n  }\n}\n\nquery VerifyResetToken($token: String!) {\n  verifyResetToken(token: $token) {\n    valid\n  }\n}\n\nmutation ResetPassword($token: String!, $new_password: String!) {\n  resetPassword(token: $token, new_password: $new_password) {\n    message\n  }\n}\n\nmutation AcceptInvitation($token: String!) {\n  acceptInvitation(token: $token) {\n    message\n  }\n}"): (typeof documents)["mutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    access_token\n    refresh_token\n    role\n    entity_id\n    entity_type\n    country_code\n    name\n    email\n    country_list\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    message\n  }\n}\n\nquery VerifyResetToken($token: String!) {\n  verifyResetToken(token: $token) {\n    valid\n  }\n}\n\nmutation ResetPassword($token: String!, $new_password: String!) {\n  resetPassword(token: $token, new_password: $new_password) {\n    message\n  }\n}\n\nmutation AcceptInvitation($token: String!) {\n  acceptInvitation(token: $token) {\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OverviewRows($start_date: String!, $end_date: String!) {\n  dashboardSummary(start_date: $start_date, end_date: $end_date) {\n    booking_id\n    customer_id\n    customer_name\n    campaign_name\n    booking_name\n    channel_name\n    start_date\n    end_date\n    impressions\n    cpm\n    spend\n    ping_count\n    entity_name\n    entity_type\n    created_by_name\n    created_at\n  }\n}"): (typeof documents)["query OverviewRows($start_date: String!, $end_date: String!) {\n  dashboardSummary(start_date: $start_date, end_date: $end_date) {\n    booking_id\n    customer_id\n    customer_name\n    campaign_name\n    booking_name\n    channel_name\n    start_date\n    end_date\n    impressions\n    cpm\n    spend\n    ping_count\n    entity_name\n    entity_type\n    created_by_name\n    created_at\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;