// One checkbox per notification category: "also by e-mail". Shared by /notifications and the public
// e-mail settings page.
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_INFO,
  type EmailPreferences,
} from '@shark/contracts/notifications.ts';
import { useId } from 'react';

export function CategoryChoices({
  value,
  onChange,
  isDisabled = false,
}: {
  value: EmailPreferences;
  onChange: (next: EmailPreferences) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  return (
    <ul className="grid gap-3">
      {NOTIFICATION_CATEGORIES.map((category) => {
        const info = NOTIFICATION_CATEGORY_INFO[category];
        const inputId = `${id}-${category}`;
        return (
          <li key={category} className="flex items-start gap-3">
            <input
              id={inputId}
              type="checkbox"
              name={category}
              checked={value[category]}
              disabled={isDisabled}
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => onChange({ ...value, [category]: event.target.checked })}
              className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary"
            />
            <div className="grid gap-0.5">
              <label htmlFor={inputId} className="text-sm font-medium">
                {info.label}
              </label>
              <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
                {info.description}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
