// Sign-in throttling an attacker cannot turn against the account's owner: each address, and each
// (e-mail, address) pair, is refused past its limit; many attempts on one e-mail from anywhere only slow it down.
import type { RateLimiter } from './rate-limiter.ts';

export interface SignInLimits {
  /** Attempts on one e-mail from one address per window, and the e-mail's attempts before delays begin. */
  maxPerEmail: number;
  /** Attempts from one address per window, across e-mails. */
  maxPerIp: number;
  /** The first delay once the e-mail is past maxPerEmail; each further attempt doubles it, up to delayMaxMs. 0: no delay. */
  delayBaseMs: number;
  delayMaxMs: number;
}

/** How long an attempt waits, given the e-mail's attempts in the current window (this one included). */
export function signInDelayMs(attempts: number, limits: SignInLimits): number {
  const over = attempts - limits.maxPerEmail;
  if (over <= 0) return 0;
  return Math.min(limits.delayMaxMs, limits.delayBaseMs * 2 ** Math.min(over - 1, 30));
}

export interface SignInThrottle {
  /** Before the password is checked: 429 past the address's or the pair's limit, else waits the e-mail's delay. */
  before(email: string, ip: string): Promise<void>;
  /** After the answer: a successful sign-in forgets its pair's attempts. */
  after(email: string, ip: string, hasSucceeded: boolean): Promise<void>;
  /** Waits out a delay; a property so that tests can record the delays instead of waiting. */
  wait: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSignInThrottle(
  limiter: RateLimiter,
  limits: SignInLimits,
  wait = sleep,
): SignInThrottle {
  const pairKey = (email: string, ip: string) => `sign-in:email-ip:${email}:${ip}`;
  const throttle: SignInThrottle = {
    wait,
    async before(email, ip) {
      await limiter.hit([
        { key: `sign-in:ip:${ip}`, max: limits.maxPerIp },
        { key: pairKey(email, ip), max: limits.maxPerEmail },
      ]);
      // Counted only once the address may try: an address past its limit adds nothing to the e-mail's delay.
      const delay = signInDelayMs(await limiter.count(`sign-in:email:${email}`), limits);
      if (delay > 0) await throttle.wait(delay);
    },
    async after(email, ip, hasSucceeded) {
      if (hasSucceeded) await limiter.clear(pairKey(email, ip));
    },
  };
  return throttle;
}
