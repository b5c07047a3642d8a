import { describe, expect, it } from 'vitest';
import type { NewTask, ScanRow, ScanTaskRow } from '#server/features/scans/scan-repository.ts';
import type { CrawlerPort } from '#server/features/scans/scan-ports.ts';
import type { StageContext } from '#server/features/scans/scan-task-runner.ts';
import { createMatchMediaStage } from './match-media-stage.ts';

const input = {
  mediaUrl: 'http://files.example/f/Fx09aK0/IMG_4410.jpg',
  pageUrl: 'http://files.example/folder/Q7pL2xw',
  pageTitle: null,
  source: 'expansion',
  siteId: null,
  siteKind: 'other',
};

function stageAnswering(answer: { contentType: string; body: string }, withPageTask = true) {
  const crawler: Pick<CrawlerPort, 'fetchMedia'> = {
    fetchMedia: (url) =>
      Promise.resolve({
        ok: true,
        finalUrl: url,
        contentType: answer.contentType,
        body: Buffer.from(answer.body),
      }),
  };
  const stage = createMatchMediaStage({
    repo: { matchedBytes: () => Promise.resolve(null) },
    crawler,
    matcher: {
      match: () => Promise.reject(new Error('not a picture: never matched')),
      likeness: () => Promise.reject(new Error('not a picture: never searched for faces')),
    },
    findings: { record: () => Promise.reject(new Error('nothing to record')) },
    catalog: () => ({ version: 1, sites: [] }),
    ...(withPageTask
      ? {
          pageTask: (url: string, source: string): NewTask => ({
            stage: 'fetch',
            key: url,
            input: { url, source },
          }),
        }
      : {}),
  });
  const enqueued: NewTask[] = [];
  const context = {
    task: {} as ScanTaskRow,
    scan: { id: 'scan-1', userId: 'user-1' } as ScanRow,
    enqueue: (tasks: NewTask[]) => {
      enqueued.push(...tasks);
      return Promise.resolve(tasks.length);
    },
  } satisfies StageContext;
  return { run: () => stage.run(input, context), enqueued };
}

describe('the match stage', () => {
  it('fetches as a page an address taken for a file that answers with a web page', async () => {
    const { run, enqueued } = stageAnswering({
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><html><body><img src="/dl/Fx09aK0/IMG_4410.jpg"></body></html>',
    });
    expect(await run()).toMatchObject({ status: 'skipped', result: { page: input.mediaUrl } });
    expect(enqueued).toEqual([
      { stage: 'fetch', key: input.mediaUrl, input: { url: input.mediaUrl, source: 'expansion' } },
    ]);
  });

  it('skips an answer that is neither media nor a page, and a page when no page task is given', async () => {
    const text = stageAnswering({ contentType: 'text/plain', body: 'hello' });
    expect(await text.run()).toMatchObject({ status: 'skipped' });
    expect(text.enqueued).toEqual([]);
    const noPages = stageAnswering({ contentType: 'text/html', body: '<html></html>' }, false);
    expect(await noPages.run()).toMatchObject({ status: 'skipped' });
    expect(noPages.enqueued).toEqual([]);
  });
});
