// The types of content and the search limit of Your Content, apart from its schemas: route search
// validation in the web app's entry chunk imports these, and content.ts would bring every content
// schema with them.

export const CONTENT_TYPES = ['photo', 'video', 'set'] as const;
export const SEARCH_TEXT_MAX = 200;
