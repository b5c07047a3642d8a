// `shark forms list|show|done`: notices for recipients that take only a web form, prepared for an
// operator to paste field by field, then marked submitted.
import type {
  FormTaskDetail,
  FormTaskSummary,
} from '#server/features/takedowns/notices/form-task-service.ts';
import { parseArgs, parseJsonFlag, UsageError } from './args.ts';
import { unknownSubcommand } from './command-kit.ts';

export const FORMS_HELP = `Usage:
  shark forms list [--json]
      The open form tasks, oldest first.
  shark forms show <id> [--json]
      Every field of the prepared submission, ready to paste into the recipient's form.
  shark forms done <id> [--by NAME]
      Marks the task submitted (by NAME): its takedowns count as notified, as a sent e-mail does.`;

export type FormsCommand =
  | { kind: 'list'; json: boolean }
  | { kind: 'show'; id: string; json: boolean }
  | { kind: 'done'; id: string; by: string | null };

function oneId(positionals: string[], sub: string): string {
  if (positionals.length === 0)
    throw new UsageError(`shark forms ${sub} needs a form task id (see shark forms list).`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  return positionals[0]!;
}

/** Checks the arguments completely before anything touches the database. */
export function parseFormsCommand(argv: string[]): FormsCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list':
      return { kind: 'list', json: parseJsonFlag(rest) };
    case 'show': {
      const { positionals, flags } = parseArgs(rest, { json: { kind: 'boolean' } });
      return { kind: 'show', id: oneId(positionals, 'show'), json: flags.get('json') === true };
    }
    case 'done': {
      const { positionals, flags } = parseArgs(rest, { by: { kind: 'value' } });
      const by = flags.get('by');
      if (typeof by === 'string' && by.trim() === '') throw new UsageError('--by needs a name.');
      return {
        kind: 'done',
        id: oneId(positionals, 'done'),
        by: typeof by === 'string' ? by.trim() : null,
      };
    }
    case undefined:
    default:
      throw unknownSubcommand('forms', sub, FORMS_HELP);
  }
}

/** The command's name and body for the operator commands (takedowns/operator/operator-commands.ts). */
export function formsRequest(command: FormsCommand): { name: string; body: unknown } {
  const body =
    command.kind === 'list'
      ? {}
      : command.kind === 'show'
        ? { id: command.id }
        : { id: command.id, by: command.by };
  return { name: `forms/${command.kind}`, body };
}

export function formatForms(command: FormsCommand, result: unknown): string {
  if (command.kind !== 'done' && command.json) return JSON.stringify(result, null, 2);
  if (command.kind === 'list') {
    const tasks = result as FormTaskSummary[];
    if (tasks.length === 0) return 'No open form task.';
    return tasks
      .map(
        (task) =>
          `${task.id}  ${task.createdAt}  ${task.recipient}  ${task.urls} URL${task.urls === 1 ? '' : 's'}  ${task.creatorEmail}\n    ${task.formUrl}`,
      )
      .join('\n');
  }
  const task = result as FormTaskDetail;
  if (command.kind === 'done') {
    return `Form task ${task.id} marked submitted${task.submittedBy ? ` by ${task.submittedBy}` : ''} at ${task.submittedAt}; its takedowns are notice_sent.`;
  }
  const head = [
    `Form task ${task.id} (${task.status}${task.submittedAt ? ` ${task.submittedAt}${task.submittedBy ? ` by ${task.submittedBy}` : ''}` : ''})`,
    `Form:      ${task.formUrl}`,
    `Recipient: ${task.recipient}`,
    `Notice:    ${task.noticeId}: ${task.subject}`,
    `Creator:   ${task.creatorEmail}`,
    `URLs:      ${task.urls}`,
  ];
  if (task.siteFields) {
    // The site's own form: its fields in its order, named as its page names them.
    const own = task.siteFields.map(
      (field) =>
        `--- ${field.label || field.name} [${field.name}, ${field.role}${field.required ? ', required' : ''}] ---\n${field.value}`,
    );
    return [...head, '', "The site's own form, field by field:", '', ...own].join('\n');
  }
  const fields = task.fields.map((field) => `--- ${field.label} ---\n${field.value}`);
  return [...head, '', ...fields].join('\n');
}
