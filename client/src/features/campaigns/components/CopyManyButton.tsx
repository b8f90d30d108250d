import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { notify } from '../../../components/toaster';

/**
 * Copies several tags at once, one per line (spec 2), and says so on the button for 2 s (spec 9).
 * Disabled while nothing is selected.
 */
export function CopyManyButton(props: {
  texts: string[];
  label: string;
  copiedLabel(n: number): string;
  testId?: string;
}) {
  const [copied, setCopied] = useState<number | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const t = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const n = props.texts.length;
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette={copied !== null ? 'green' : 'brand'}
      disabled={n === 0}
      data-testid={props.testId}
      aria-live="polite"
      onClick={() => {
        navigator.clipboard.writeText(props.texts.join('\n')).then(
          () => setCopied(n),
          () => notify('error', 'Unable to copy to the clipboard. Please copy the tag text by hand.'),
        );
      }}
    >
      {copied !== null ? <LuCheck /> : <LuCopy />}
      {copied !== null ? props.copiedLabel(copied) : props.label}
    </Button>
  );
}
