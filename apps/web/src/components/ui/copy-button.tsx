import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '#app/components/ui/button.tsx';

/** Puts `text` on the clipboard and says so in a toast; the icon confirms it for a moment too. */
export function CopyButton({
  text,
  children = 'Copy',
  variant = 'outline',
  size = 'sm',
  ...props
}: Omit<ButtonProps, 'onClick' | 'asChild'> & { text: string }) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      toast.success('Copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is on screen to select.
      toast.error('Could not copy', {
        description: 'Select the text and copy it with Ctrl+C (or Cmd+C on a Mac).',
      });
    }
  }

  return (
    <Button type="button" variant={variant} size={size} onClick={() => void copy()} {...props}>
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {children}
    </Button>
  );
}
