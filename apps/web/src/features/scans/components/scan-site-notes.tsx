// The sites a scan treated differently: those it gave up as unreachable, those it searched further.
import type { Scan } from '@shark/contracts/scans.ts';
import { siteNotes } from '#app/features/scans/lib/progress.ts';

export function ScanSiteNotes({
  sites,
  heading: Heading,
}: {
  sites: Scan['sites'];
  heading: 'h3' | 'h4';
}) {
  const notes = siteNotes(sites);
  const shown = [notes.unreachable, notes.expanded].filter((note) => note !== null);
  if (shown.length === 0) return null;
  return (
    <div className="grid gap-5">
      {shown.map((note) => (
        <section key={note.heading}>
          <Heading className="font-semibold">{note.heading}</Heading>
          <ul aria-label={note.heading} className="mt-2 grid gap-1 text-muted-foreground">
            {note.lines.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
