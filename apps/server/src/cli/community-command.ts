// `shark community publish|list|archive`: the announcements and resources on /community
// (features/community), on the database or, while a server holds the embedded database, through its
// admin socket.
import type { z } from 'zod';
import type { Config } from '#server/config/env.ts';
import {
  COMMUNITY_POST_KINDS,
  publishCommunityPostSchema,
  type OperatorCommunityPost,
} from '@shark/contracts/community.ts';
import { flagText, optionalText, parseArgs, parseCreateFlags, parseJsonFlag } from './args.ts';
import { parseContract, requirePositionalId, runNamed, unknownSubcommand } from './command-kit.ts';

export const COMMUNITY_HELP = `Usage:
  shark community publish --kind announcement|resource --title "..." --body "..." [--url https://...]
                          [--pinned] [--by NAME]
      Publishes a post on /community at once, for every signed-in user of every brand. --url is an
      http(s) link shown with the post (a guide, a form, a video); --pinned keeps it above the others.
  shark community list [--json]
      Every post, newest first, archived ones too.
  shark community archive <id>
      Takes the post off /community (it stays in the list, marked archived).`;

export type CommunityCommand =
  | { kind: 'publish'; post: z.output<typeof publishCommunityPostSchema> }
  | { kind: 'list'; isJson: boolean }
  | { kind: 'archive'; id: string };

function parsePublish(argv: string[]): CommunityCommand {
  const flags = parseCreateFlags(
    argv,
    {
      kind: { kind: 'value' },
      title: { kind: 'value' },
      body: { kind: 'value' },
      url: { kind: 'value' },
      pinned: { kind: 'boolean' },
      by: { kind: 'value' },
    },
    {
      hint: 'quote the title and the body',
      kinds: COMMUNITY_POST_KINDS.join(' or '),
      required: ['title', 'body'],
    },
  );
  const post = parseContract(
    publishCommunityPostSchema,
    {
      kind: flags.get('kind'),
      title: flags.get('title'),
      body: flags.get('body'),
      url: flagText(flags.get('url')) ?? null,
      isPinned: flags.get('pinned') === true,
      createdBy: optionalText(flags, 'by'),
    },
    { kind: 'kind', title: 'title', body: 'body', url: 'url', createdBy: 'by' },
  );
  return { kind: 'publish', post };
}

/** Checks the arguments completely before anything touches the database. */
export function parseCommunityCommand(argv: string[]): CommunityCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'publish':
      return parsePublish(rest);
    case 'list':
      return { kind: 'list', isJson: parseJsonFlag(rest) };
    case 'archive':
      return {
        kind: 'archive',
        id: requirePositionalId(
          parseArgs(rest, {}).positionals,
          'shark community archive',
          'a post',
        ),
      };
    case undefined:
    default:
      throw unknownSubcommand('community', sub, COMMUNITY_HELP);
  }
}

function request(command: CommunityCommand) {
  switch (command.kind) {
    case 'publish':
      return { name: 'community/publish', body: command.post };
    case 'list':
      return { name: 'community/list', body: {} };
    case 'archive':
      return { name: 'community/archive', body: { id: command.id } };
  }
}

/** `shark community list` without --json: one line per post, for people. */
export function formatCommunityList(posts: OperatorCommunityPost[]): string {
  if (posts.length === 0) return 'No posts yet. Publish one with shark community publish.';
  return posts
    .map((p) => {
      const state = p.archivedAt
        ? `archived ${p.archivedAt.slice(0, 10)}`
        : p.isPinned
          ? 'pinned'
          : 'visible';
      return `${p.id}  ${p.kind}  ${state}  ${p.publishedAt.slice(0, 10)}  ${p.title}`;
    })
    .join('\n');
}

export async function executeCommunityCommand(
  command: CommunityCommand,
  config: Config,
): Promise<string> {
  const { openCommunityCommands } =
    await import('#server/features/community/community-commands.ts');
  return runNamed(
    openCommunityCommands,
    request(command),
    config,
    command.kind === 'list' && !command.isJson
      ? (result) => formatCommunityList(result as OperatorCommunityPost[])
      : undefined,
  );
}
