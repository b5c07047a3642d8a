import { Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#app/components/ui/accordion.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { FAQ_ITEMS } from '#app/features/good-to-know/faq.ts';

export function GoodToKnowPage({
  brandName,
  contactUrl,
}: {
  brandName: string;
  contactUrl: string;
}) {
  const faqBrand = { name: brandName, hasContactLink: contactUrl !== '' };
  return (
    <PageFrame
      title="Good to Know"
      description={`Answers to the questions creators ask most about ${brandName}: what happens after you subscribe, how removals work and how to get the most from your protection.`}
    >
      <Card className="px-4 sm:px-6">
        <Accordion type="multiple">
          {FAQ_ITEMS.map((item) => (
            <AccordionItem key={item.id} value={item.id} id={item.id}>
              <AccordionTrigger headingLevel={2}>{item.question}</AccordionTrigger>
              <AccordionContent>
                {item.answer(faqBrand).map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </Card>

      <div className="mt-6 flex flex-col gap-3 rounded-2xl border bg-card p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Still unsure which plan fits? Compare them on the Plans page.
        </p>
        <div className="flex flex-wrap gap-2">
          {contactUrl !== '' ? (
            <Button asChild variant="outline">
              <a href={contactUrl}>
                <Mail aria-hidden="true" />
                Contact {brandName}
              </a>
            </Button>
          ) : null}
          <Button asChild>
            <Link to="/plans">See plans</Link>
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
