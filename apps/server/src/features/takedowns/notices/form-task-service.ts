// Notices for recipients that take only a web form: an operator lists the open tasks, opens one to
// paste its prepared fields into the form, and marks it done — which moves its takedowns to
// notice_sent as a sent e-mail would (`shark forms …`).
import { AppError } from '#server/http/app-error.ts';
import type { FormTaskRepository, FormTaskRow } from './form-task-repository.ts';

const HOUR_MS = 3600_000;

export interface FormTaskSummary {
  id: string;
  createdAt: string;
  formUrl: string;
  recipient: string;
  subject: string;
  urls: number;
  creatorEmail: string;
}

export interface FormTaskDetail extends FormTaskSummary {
  status: 'open' | 'submitted' | 'cancelled';
  noticeId: string;
  submittedAt: string | null;
  submittedBy: string | null;
  fields: { label: string; value: string }[];
  /** The site's own form, field by field as its page names them, with what to paste (null: not read). */
  siteFields: SiteFieldValue[] | null;
}

export interface SiteFieldValue {
  name: string;
  label: string;
  type: string;
  role: string;
  required: boolean;
  value: string;
}

export interface FormTaskServiceDeps {
  forms: FormTaskRepository;
  responseHours: number;
  firstCheckHours: number;
  now?: () => Date;
}

function parseFields(value: unknown): { label: string; value: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((field: unknown) => {
    if (typeof field !== 'object' || field === null) return [];
    const { label, value: text } = field as { label?: unknown; value?: unknown };
    return typeof label === 'string' && typeof text === 'string' ? [{ label, value: text }] : [];
  });
}

function parseSiteFields(value: unknown): SiteFieldValue[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((field: unknown) => {
    if (typeof field !== 'object' || field === null) return [];
    const f = field as Partial<Record<keyof SiteFieldValue, unknown>>;
    if (typeof f.name !== 'string' || typeof f.value !== 'string') return [];
    return [
      {
        name: f.name,
        label: typeof f.label === 'string' ? f.label : '',
        type: typeof f.type === 'string' ? f.type : 'text',
        role: typeof f.role === 'string' ? f.role : 'other',
        required: f.required === true,
        value: f.value,
      },
    ];
  });
}

export function createFormTaskService(deps: FormTaskServiceDeps) {
  const { forms } = deps;
  const now = deps.now ?? (() => new Date());

  async function find(id: string): Promise<FormTaskRow> {
    const row = await forms.find(id);
    if (!row)
      throw new AppError(
        'NOT_FOUND',
        `No form task ${id.slice(0, 100)}. Run shark forms list to see the open ones.`,
      );
    return row;
  }

  const summary = (row: FormTaskRow): FormTaskSummary => ({
    id: row.task.id,
    createdAt: row.task.createdAt.toISOString(),
    formUrl: row.task.formUrl,
    recipient: row.notice.recipientName,
    subject: row.notice.subject,
    urls: row.urls,
    creatorEmail: row.creatorEmail,
  });

  async function show(id: string): Promise<FormTaskDetail> {
    const row = await find(id);
    return {
      ...summary(row),
      status: row.task.status,
      noticeId: row.notice.id,
      submittedAt: row.task.submittedAt?.toISOString() ?? null,
      submittedBy: row.task.submittedBy,
      fields: parseFields(row.notice.formFields),
      siteFields: parseSiteFields(row.task.fields),
    };
  }

  return {
    /** Open tasks, oldest first. */
    async list(): Promise<FormTaskSummary[]> {
      const rows = await forms.listOpen();
      return rows.map(summary);
    },

    show,

    /** The operator submitted the form: the task is done and its takedowns are notice_sent. */
    async done(id: string, by: string | null): Promise<FormTaskDetail> {
      const row = await find(id);
      if (row.task.status !== 'open') {
        const when = row.task.submittedAt
          ? ` on ${row.task.submittedAt.toISOString()}${row.task.submittedBy ? ` by ${row.task.submittedBy}` : ''}`
          : '';
        throw new AppError('CONFLICT', `Form task ${id} is already ${row.task.status}${when}.`);
      }
      const at = now();
      const updated = await forms.submit(
        id,
        by,
        at,
        {
          responseDueAt: new Date(at.getTime() + deps.responseHours * HOUR_MS),
          nextCheckAt: new Date(at.getTime() + deps.firstCheckHours * HOUR_MS),
        },
        (task) =>
          `Notice submitted through ${row.notice.recipientName}'s web form (${task.formUrl})${by ? ` by ${by}` : ''}`,
      );
      if (!updated)
        throw new AppError(
          'CONFLICT',
          `Form task ${id} was changed meanwhile; run shark forms show ${id}.`,
        );
      return show(id);
    },
  };
}

export type FormTaskService = ReturnType<typeof createFormTaskService>;
