import { OutboundPolicy } from '../../outbound/outbound-policy';
import { oneClickUri } from './newsletters.service';

const list = (http: string | null, oneClick = true) => ({ http, mailto: null, oneClick });

describe('oneClickUri (RFC 8058)', () => {
  const strict = new OutboundPolicy('false');
  const loopbackAllowed = new OutboundPolicy('127.0.0.1');

  it('takes an https URI when List-Unsubscribe-Post asked for one-click', () => {
    expect(oneClickUri(list('https://news.example/u/1'), strict)).toBe('https://news.example/u/1');
  });

  it('takes nothing without List-Unsubscribe-Post, or without an http(s) URI', () => {
    expect(oneClickUri(list('https://news.example/u/1', false), strict)).toBeNull();
    expect(oneClickUri(list(null), strict)).toBeNull();
    expect(oneClickUri(null, strict)).toBeNull();
  });

  it('takes plain http only on a private host the operator allowed, never on the internet', () => {
    expect(oneClickUri(list('http://news.example/u/1'), loopbackAllowed)).toBeNull();
    expect(oneClickUri(list('http://127.0.0.1:8080/u/1'), strict)).toBeNull();
    expect(oneClickUri(list('http://127.0.0.1:8080/u/1'), loopbackAllowed)).toBe('http://127.0.0.1:8080/u/1');
    expect(oneClickUri(list('http://10.0.0.5/u/1'), loopbackAllowed)).toBeNull();
  });
});
