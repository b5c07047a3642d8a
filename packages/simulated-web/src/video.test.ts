// The video option: a reference clip for the creator, and a leaked copy played on a tube page through
// <video> and a player configuration, which the engine's video matcher recognises.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprintCandidateVideo,
  fingerprintVideo,
  VideoMatcher,
} from '@shark/engine/matching/video.ts';
import { startSimulatedWeb, type SimulatedWeb } from './index.ts';

let web: SimulatedWeb;
const dir = mkdtempSync(join(tmpdir(), 'simulated-web-video-'));

beforeAll(async () => {
  web = await startSimulatedWeb({ video: true });
}, 120_000);
afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the video option', () => {
  it('adds a reference clip and a leak of it, embedded as <video> and in a player configuration', async () => {
    const clip = web.creator.references.find((reference) => reference.name.endsWith('.mp4'));
    expect(clip?.name).toBe('luna-fox-clip.mp4');
    const leak = web.expected.leaks.find((candidate) => candidate.reference === clip?.name);
    expect(leak).toMatchObject({ site: 'sim-tube', via: 'player', edit: 'video-copy' });
    const html = await (await fetch(leak!.pageUrl)).text();
    expect(html).toContain(`<source src="${leak!.mediaUrl}" type="video/mp4">`);
    expect(html).toContain(`"videoUrl":"${leak!.mediaUrl}"`);
    // The poster copy of the same page is still a leak of its own.
    expect(
      web.expected.leaks.filter((candidate) => candidate.pageUrl === leak!.pageUrl),
    ).toHaveLength(2);
  });

  it('serves a copy the engine matches to the reference clip', async () => {
    const clip = web.creator.references.find((reference) => reference.name.endsWith('.mp4'))!;
    const leak = web.expected.leaks.find((candidate) => candidate.reference === clip.name)!;
    const response = await fetch(leak.mediaUrl);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    const copy = join(dir, 'copy.mp4');
    writeFileSync(copy, Buffer.from(await response.arrayBuffer()));
    const matcher = new VideoMatcher();
    matcher.addReference(clip.name, await fingerprintVideo(clip.path));
    expect(matcher.match(await fingerprintCandidateVideo(copy)).referenceId).toBe(clip.name);
  }, 60_000);
});
