// A scan's status as a badge; the live one is announced politely when it changes.
import type { ScanStatus } from '@shark/contracts/scans.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { STATUS_LABELS } from '#app/features/scans/lib/labels.ts';

const VARIANTS = {
  queued: 'outline',
  running: 'warning',
  completed: 'secondary',
  failed: 'destructive',
} as const satisfies Record<ScanStatus, 'outline' | 'warning' | 'secondary' | 'destructive'>;

export function ScanStatusBadge({
  status,
  isLive = false,
}: {
  status: ScanStatus;
  isLive?: boolean;
}) {
  return (
    <span role={isLive ? 'status' : undefined} data-testid={isLive ? 'scan-status' : undefined}>
      <Badge variant={VARIANTS[status]}>
        {status === 'running' ? <Spinner className="size-3" /> : null}
        {STATUS_LABELS[status]}
      </Badge>
    </span>
  );
}
