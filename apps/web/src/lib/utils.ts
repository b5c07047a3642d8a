import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from '#app/lib/class-merge-config.gen.ts';

// tailwind-merge with the class groups the app uses (class-merge-config.gen.ts), not all of Tailwind's.
const mergeClasses = createTailwindMerge(() => classMergeConfig);

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
