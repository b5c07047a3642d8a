// "3 of 5 usernames on your Plus plan", with a bar, and a link to /plans when the limit is reached.
import { Link } from '@tanstack/react-router';
import { LIMIT_NOUNS, type Usage } from '@shark/contracts/plans.ts';
import { cn } from '#app/lib/utils.ts';
import { useUsage } from '../usage-query.ts';

type MeteredLimit = keyof Usage['usage'];

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

function amount(limit: MeteredLimit, value: number): string {
  return limit === 'referenceStorageBytes' ? formatBytes(value) : String(value);
}

export function UsageMeter({ limit, className }: { limit: MeteredLimit; className?: string }) {
  const { data } = useUsage();
  if (!data) return null;
  const used = data.usage[limit];
  const allowed = data.limits[limit];
  const noun = limit === 'referenceStorageBytes' ? 'of storage' : LIMIT_NOUNS[limit].many;
  const plan = data.tier === 'free' ? 'without a subscription' : `on your ${data.tierName} plan`;
  const full = allowed !== null && used >= allowed;
  const share = allowed === null || allowed === 0 ? (full ? 1 : 0) : Math.min(1, used / allowed);
  return (
    <div className={cn('flex flex-col gap-1.5 text-sm', className)} data-testid={`usage-${limit}`}>
      <p className="text-muted-foreground">
        {allowed === null ? (
          <>
            {amount(limit, used)} {noun} {plan} (unlimited)
          </>
        ) : (
          <>
            <span className="font-medium text-foreground">{amount(limit, used)}</span> of{' '}
            {amount(limit, allowed)} {noun} {plan}
          </>
        )}
        {full && (
          <>
            {' · '}
            <Link
              to="/plans"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Upgrade for more
            </Link>
          </>
        )}
      </p>
      {allowed !== null && (
        <div
          role="meter"
          aria-label={`${LIMIT_NOUNS[limit].many} used`}
          aria-valuemin={0}
          aria-valuemax={allowed}
          aria-valuenow={used}
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full',
              used > (allowed ?? Infinity) ? 'bg-destructive' : full ? 'bg-warning' : 'bg-primary',
            )}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      )}
    </div>
  );
}
