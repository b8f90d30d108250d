import { Box, Button, CloseButton, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { notify } from '../../../components/toaster';
import { TEXTS } from '../texts';
import { ANALYSIS_SECTIONS, hasAnalysis, reportText, sanitise, type AnalysisSections } from '../utils/analysis';

/** Copy feedback lasts 2 s (spec 9). */
export const COPIED_MS = 2000;

function Html({ html }: { html: string }) {
  // Sanitised in the client as well as on the server (DESIGN: HTML from data sanitised).
  return (
    <Box className="analysis-html" css={{ '& p': { mb: '2' } }} dangerouslySetInnerHTML={{ __html: sanitise(html) }} />
  );
}

/** Campaign Intelligence (spec 2): the analysis of the current filter, Copy Report and Close. */
export function AnalysisDialog(props: { open: boolean; onClose(): void; analysis: AnalysisSections | undefined }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const a = props.analysis;
  const filled = hasAnalysis(a);

  async function copy() {
    if (!a) return;
    try {
      await navigator.clipboard.writeText(reportText(a));
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      notify('error', 'Unable to copy the report. Please try again.');
    }
  }

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      // A modal keeps the keyboard inside; focus that lands outside it can only be moved there by code (a
      // chart or the map mounting behind it as the page settles), which must not close it.
      onFocusOutside={(e) => e.preventDefault()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="analysis-dialog">
            <Dialog.Header>
              <Dialog.Title>{TEXTS.analysisTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!filled || !a ? (
                <Text color="gray.600">{TEXTS.analysisEmpty}</Text>
              ) : (
                <Stack gap="4">
                  {a.summary && <Html html={a.summary} />}
                  {ANALYSIS_SECTIONS.map((s) => (
                    <Box key={s.key} as="section" aria-label={s.title}>
                      <Heading as="h3" size="sm" color="primary" mb="1">
                        {s.title}
                      </Heading>
                      <Html html={a[s.key]} />
                    </Box>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {filled && (
                <Button variant="outline" onClick={copy}>
                  {copied ? <LuCheck /> : <LuCopy />}
                  {copied ? TEXTS.copied : TEXTS.copyReport}
                </Button>
              )}
              <Button colorPalette="brand" onClick={props.onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
