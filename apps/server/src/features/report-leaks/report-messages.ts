// What the report services say: in errors, and in the reasons of the findings her reports make.

/** What her reports say in the finding's reasons (and so in the notice). */
export const REPORTED_BY_CREATOR = 'reported by the creator';

export const NOT_FOUND = 'This report does not exist.';
export const dateOf = (date: Date) => date.toISOString().slice(0, 10);
