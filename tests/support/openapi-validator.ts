import Ajv2020 from 'ajv/dist/2020';

/** The document's components, with every object closed: an answer may carry only documented fields. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === 'properties' ? mapValues(v, closed) : closed(v)]),
  );
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}
const mapValues = (o: any, f: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/** An Ajv holding GET /api/openapi.json's components (closed) as `api.json`; compile `{ $ref: 'api.json#/...' }`. */
export function openApiValidator(doc: any) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ components: closed(doc.components) }, 'api.json');
  return ajv;
}
