// The Good to Know questions: written for this product, in the brand's name.

export type FaqItem = {
  /** Stable id, used as the accordion value and in links (#id). */
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: (brand: FaqBrand) => string[];
};

export type FaqBrand = { name: string; hasContactLink: boolean };

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'after-buying',
    question: 'What happens after I subscribe?',
    answer: ({ name: brand }) => [
      `First, tell us who you are online: add your accounts and usernames under Accounts, and the content you want watched under Your Content. ${brand} starts searching for leaks of that content straight away.`,
      'Every copy we find is checked against your own work before anything is filed, then reported to whoever can remove it. You can follow each step on your Dashboard and in your Takedown Report; there is nothing else you need to do.',
    ],
  },
  {
    id: 'takedown-duration',
    question: 'How long does a takedown take?',
    answer: () => [
      'It depends on who has to act. Many sites and hosts remove reported content within a few days; some take a couple of weeks, and a few ignore the first notice, in which case we go on to their host, registrar or content-delivery network.',
      'Search engines usually drop reported links within days. Each takedown in your Takedown Report shows when it was filed and when the copy was confirmed gone.',
    ],
  },
  {
    id: 'removal-vs-deindexing',
    question: 'What is the difference between direct removal and deindexing?',
    answer: () => [
      'Direct removal means the copy itself is deleted: we send a DMCA notice to the site, or to the company that hosts it, and they take the file or page down.',
      'Deindexing means search engines such as Google and Bing drop the link from their results. The copy may still exist, but people searching for your name no longer find it. We do both: removal where the site cooperates, deindexing for every infringing link, so your fans find you and not the leaks.',
    ],
  },
  {
    id: 'which-plan',
    question: 'Which plan should I choose?',
    answer: () => [
      'Standard suits new or smaller creators whose content leaks now and then. Plus is for growing creators who see more leaks. Premium is for established creators with frequent leaks, and adds priority manual removals, deep fake protection, fake account takedowns, impersonation protection, dark web scanning and priority support.',
      'If you are unsure, run the free scan during onboarding: the number of copies it finds is a good guide. You can change plan later from the Plans page.',
    ],
  },
  {
    id: 'old-accounts',
    question: 'Can I add accounts I no longer use?',
    answer: () => [
      'Yes, and you should. Old or closed accounts are often where leaks started, and their usernames are still what leakers use in titles and tags. Add them under Accounts like any other account; we search for all of them.',
    ],
  },
  {
    id: 'several-usernames',
    question: 'I publish under several usernames. Are they all covered?',
    answer: () => [
      'Yes. A subscription covers one creator, with as many of that creator’s accounts and usernames as needed, on every platform. Add each one under Accounts.',
      'Accounts belonging to another creator need a subscription of their own, even if you manage them.',
    ],
  },
  {
    id: 'what-is-a-leak',
    question: 'What counts as a leak?',
    answer: () => [
      'Any copy of your content published without your permission: paid photos and videos reposted on tube sites or forums, folders shared on file hosts, Telegram channels selling or trading your content, and pages that only exist to attract searches for your name.',
      'Content you posted for free yourself, or that you licensed to someone, is not a leak. Put those sites on your whitelist so they are never reported.',
    ],
  },
  {
    id: 'whitelist',
    question: 'What happens to sites on my whitelist?',
    answer: ({ name: brand }) => [
      `${brand} never files a takedown or a search-engine removal against a site or account on your whitelist: your own pages, partners you work with, agencies or platforms you sell on.`,
      'Copies found there are left alone. You can add and remove entries at any time; removing one lets us report it again from the next search on.',
    ],
  },
  {
    id: 'report-leak-yourself',
    question: 'I found a leak myself. How do I report it?',
    answer: () => [
      'Send us the link from Report Leaks. We check it, add it to your takedowns and handle it like the copies we found ourselves. You can report as many links as you find.',
    ],
  },
  {
    id: 'takedown-report',
    question: 'What is in my Takedown Report?',
    answer: () => [
      'Every copy we found or you reported, where it was, what we filed (a takedown notice, a search-engine removal or both), to whom and when, and whether the copy is now gone.',
      'The report keeps a record of each notice, which helps if a site keeps reposting your content.',
    ],
  },
  {
    id: 'impersonation',
    question: 'Can you remove fake accounts that pretend to be me?',
    answer: () => [
      'Yes, on Premium. Report a fake account from Report Impersonation and we ask the platform to remove it, with the proof it needs that the real account is yours. Premium also covers deep fakes: content that puts your face on someone else’s body is reported like any other leak.',
    ],
  },
  {
    id: 'privacy',
    question: 'What do you do with my information?',
    answer: ({ name: brand }) => [
      `${brand} uses your accounts, usernames and content only to find and report copies of your work, and sends the notices on your behalf.`,
      'The public page your DMCA badge links to says only whether your content is protected and since when: no name, no e-mail address, no links to your accounts. Files you upload are used to recognise copies of your work and are not published.',
    ],
  },
  {
    id: 'cancelling',
    question: 'What happens if I cancel?',
    answer: () => [
      'You can cancel from your Account at any time. Protection continues until the end of the period you have paid for, and you can reactivate before then without losing anything.',
      'After that, we stop searching and filing, but your Takedown Report and the removals already done stay. Copies that were removed do not come back because you cancelled.',
    ],
  },
  {
    id: 'support',
    question: 'How do I get help?',
    answer: ({ name: brand, hasContactLink }) => [
      hasContactLink
        ? `Write to the ${brand} team with the contact link below this list. Premium subscribers get priority support.`
        : `The ${brand} team answers questions about your protection, your plan and your takedowns; Premium subscribers get priority support.`,
      'Other creators can help too: the Community is the place to compare notes.',
    ],
  },
];
