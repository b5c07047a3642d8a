// The wording she signs, exactly as the server gives it (the brand's, with its version), in a box of
// its own that scrolls and takes keyboard focus so it can be read without a pointer.
import { useId } from 'react';
import { textParagraphs } from '#app/features/agent-authorization/lib/authorization-form.ts';

export function AuthorizationText({ text }: { text: { version: string; body: string } }) {
  const titleId = useId();
  const { title, paragraphs } = textParagraphs(text.body);
  return (
    <div
      role="region"
      aria-labelledby={titleId}
      // Scrolls: focusable so the keyboard can scroll it too.
      tabIndex={0}
      data-testid="authorization-text"
      className="max-h-80 overflow-y-auto rounded-lg border bg-muted/40 p-4 text-sm outline-none focus-visible:ring-3 focus-visible:ring-ring/30"
    >
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      <div className="mt-3 grid gap-3 whitespace-pre-line text-pretty">
        {paragraphs.map((paragraph, index) => (
          // The text is fixed per version: a paragraph's place is its identity.
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p className="mt-4 text-xs text-muted-foreground">Version {text.version}</p>
    </div>
  );
}
