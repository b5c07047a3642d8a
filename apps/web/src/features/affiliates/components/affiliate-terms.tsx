// /refer/refer-aff-tos: the programme's terms, with the brand's name and the rate, hold and minimum
// the server actually applies.
import type { AffiliateTerms as Terms } from '@shark/contracts/affiliates.ts';
import { Link } from '@tanstack/react-router';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { useAffiliateTerms } from '#app/features/affiliates/api/get-affiliate-terms.ts';
import { formatMinimum, formatRate } from '#app/features/affiliates/lib/affiliate-format.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid gap-2 text-sm text-pretty text-muted-foreground">{children}</div>
    </section>
  );
}

function TermsText({
  brandName,
  terms,
  contactUrl,
}: {
  brandName: string;
  terms: Terms;
  contactUrl: string;
}) {
  const rate = formatRate(terms.commissionRateBps);
  return (
    <article className="grid max-w-3xl gap-6">
      <Section title="1. The programme">
        <p>
          Every {brandName} account has a personal referral link and code. A person who creates a{' '}
          {brandName} account through your link, or types your code when signing up, becomes your
          referred customer for as long as both accounts exist.
        </p>
      </Section>
      <Section title="2. Commission">
        <p>
          You earn <strong className="text-foreground">{rate}</strong> of every payment a referred
          customer makes to {brandName}, in the currency she pays in, rounded down to the smallest
          unit of that currency. Refunded, disputed or reversed payments earn no commission, and a
          commission already credited for them may be withdrawn.
        </p>
        <p>
          No commission is earned on your own payments, on accounts you control, or on payments by
          someone using the same payment account or mailbox as you. Referrals obtained by spam,
          misleading claims, paid search ads on the {brandName} name, or cookie stuffing earn
          nothing and may end your participation.
        </p>
      </Section>
      <Section title="3. Hold and payouts">
        <p>
          A commission stays pending for{' '}
          <strong className="text-foreground">{terms.holdDays} days</strong> after the payment it
          comes from, then becomes available.
        </p>
        <p>
          You may ask for your whole available balance in one currency once it reaches{' '}
          <strong className="text-foreground">{formatMinimum(terms.minPayout)}</strong> in that
          currency, giving a PayPal address or a bank account. {brandName} pays requested payouts by
          hand, usually within a few business days; if a payout cannot be made (a wrong destination,
          a breach of these terms), it is rejected with the reason and the commissions become
          available again.
        </p>
      </Section>
      <Section title="4. How you may promote us">
        <p>
          Say clearly that your link is an affiliate link. Describe {brandName} truthfully: it finds
          copies of a creator&apos;s content and asks the sites that hold them to remove them; it
          cannot guarantee that every copy disappears. Do not present yourself as {brandName} or as
          its staff.
        </p>
      </Section>
      <Section title="5. Changes and ending">
        <p>
          {brandName} may change these terms, including the commission rate, with notice on this
          page; a change applies to payments made after it. You may leave the programme at any time
          by deleting your account; available commissions of at least the minimum are paid out on
          request before then.
          {contactUrl ? (
            <>
              {' '}
              Questions:{' '}
              <a href={contactUrl} className="font-medium text-primary hover:underline">
                contact us
              </a>
              .
            </>
          ) : null}
        </p>
      </Section>
      <p className="text-sm">
        <Link to="/refer" className="font-medium text-primary hover:underline">
          Back to your affiliate dashboard
        </Link>
      </p>
    </article>
  );
}

export function AffiliateTerms({
  brandName,
  contactUrl,
}: {
  brandName: string;
  contactUrl: string;
}) {
  const terms = useAffiliateTerms();
  if (terms.isPending)
    return <ListLoading label="Loading the affiliate terms" itemClassName="h-24" />;
  if (terms.isError)
    return (
      <ListLoadError
        what="The affiliate terms"
        error={terms.error}
        onRetry={() => void terms.refetch()}
      />
    );
  return <TermsText brandName={brandName} terms={terms.data} contactUrl={contactUrl} />;
}
