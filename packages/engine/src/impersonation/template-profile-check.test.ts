import { describe, expect, it } from 'vitest';
import type { ProfilePage } from './profile-check.ts';
import { checkTemplateProfile } from './template-profile-check.ts';

const template = 'http://127.0.0.1:4123/@{username}';

const profileHtml = (handle: string, name: string) => `<html><head>
<meta property="og:type" content="profile"><meta property="profile:username" content="${handle}">
<meta property="og:title" content="${name} (@${handle})"></head>
<body><img class="avatar" src="/avatars/${handle}.jpg"><p>12 followers</p></body></html>`;

function answering(page: Partial<ProfilePage>) {
  const asked: string[] = [];
  return {
    asked,
    fetchPage: (url: string): Promise<ProfilePage> => {
      asked.push(url);
      return Promise.resolve({ status: 200, finalUrl: url, html: null, ...page });
    },
  };
}

describe('checkTemplateProfile', () => {
  it('finds the profile of the handle asked for, with its name and avatar', async () => {
    const fetcher = answering({ html: profileHtml('lunafox_vip', 'Luna Fox') });
    const checked = await checkTemplateProfile({
      profileUrlTemplate: template,
      username: '@lunafox_vip',
      fetchPage: fetcher.fetchPage,
    });
    expect(fetcher.asked).toEqual(['http://127.0.0.1:4123/@lunafox_vip']);
    expect(checked).toMatchObject({
      exists: true,
      outcome: 'found',
      url: 'http://127.0.0.1:4123/@lunafox_vip',
      displayName: 'Luna Fox',
      avatarUrl: 'http://127.0.0.1:4123/avatars/lunafox_vip.jpg',
    });
  });

  it('reads 404 and 410 as no such profile, and other failures as unavailable', async () => {
    for (const status of [404, 410]) {
      const checked = await checkTemplateProfile({
        profileUrlTemplate: template,
        username: 'nobody',
        fetchPage: answering({ status, html: '<html></html>' }).fetchPage,
      });
      expect(checked).toMatchObject({ exists: false, outcome: 'not-found' });
    }
    const busy = await checkTemplateProfile({
      profileUrlTemplate: template,
      username: 'nobody',
      fetchPage: answering({ status: 503 }).fetchPage,
    });
    expect(busy).toMatchObject({ exists: false, outcome: 'unavailable' });
  });

  it('does not take a page that is no profile, or another handle’s, for the profile', async () => {
    const home = await checkTemplateProfile({
      profileUrlTemplate: template,
      username: 'nobody',
      fetchPage: answering({
        finalUrl: 'http://127.0.0.1:4123/',
        html: '<html><head><title>Welcome</title></head><body>Join us</body></html>',
      }).fetchPage,
    });
    expect(home).toMatchObject({ exists: false, outcome: 'not-found' });
    const other = await checkTemplateProfile({
      profileUrlTemplate: template,
      username: 'lunafox2',
      fetchPage: answering({ html: profileHtml('lunafox', 'Luna Fox') }).fetchPage,
    });
    expect(other).toMatchObject({ exists: false, outcome: 'redirected' });
  });
});
