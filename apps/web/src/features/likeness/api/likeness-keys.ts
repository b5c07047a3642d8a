// Query keys of the likeness page, per user so one account's enrolment is never shown to the next.
export const likenessKeys = {
  enrolment: (userId: string) => ['likeness', userId, 'enrolment'] as const,
};
