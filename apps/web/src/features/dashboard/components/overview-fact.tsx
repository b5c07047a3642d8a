// One figure of a dashboard overview card: its label above its value.

const n = (value: number) => value.toLocaleString('en-US');

export function OverviewFact({
  label,
  value,
  testId,
}: {
  label: string;
  value: number;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {n(value)}
      </dd>
    </div>
  );
}
