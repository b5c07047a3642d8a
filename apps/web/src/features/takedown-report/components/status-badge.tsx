import { TAKEDOWN_STATUS_LABELS, type TakedownStatus } from '@shark/contracts/takedown-report.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { STATUS_BADGE } from '#app/features/takedown-report/lib/labels.ts';

export function TakedownStatusBadge({ status }: { status: TakedownStatus }) {
  const look = STATUS_BADGE[status];
  return (
    <Badge variant={look.variant} className={look.className} data-testid="takedown-status">
      {TAKEDOWN_STATUS_LABELS[status]}
    </Badge>
  );
}
