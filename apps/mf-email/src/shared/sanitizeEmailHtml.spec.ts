import {
  EMAIL_BASE_STYLE,
  emailDocument,
  emailFrameDocument,
  htmlToText,
  sanitizeEmailHtml,
  sanitizeEmailHtmlDetailed,
} from './sanitizeEmailHtml';

/**
 * Known XSS payloads: the OWASP filter-evasion cheat sheet's classics, event handlers on every kind
 * of element, URL schemes hidden by entities, whitespace and case, SVG and MathML namespaces,
 * mutation-XSS shapes that fooled earlier sanitisers, and script hidden in CSS.
 */
const XSS_CORPUS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.test/xss.js></SCRIPT>',
  '<script/src="data:text/javascript,alert(1)"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src=x onerror=alert(1)>',
  '<img src=x oNeRrOr=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<img/src/onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><maction xlink:href="javascript:alert(1)">click</maction></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="javascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="https://ok.test" onclick="alert(1)">click</a>',
  '<a href="https://ok.test" onmouseover="alert(1)" onfocus="alert(1)" autofocus>hover</a>',
  '<area href="javascript:alert(1)">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>XSS</marquee>',
  '<div onpointerenter=alert(1)>XSS</div>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">x</td>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<STYLE>@import\'javascript:alert("XSS")\';</STYLE>',
  '<STYLE>BODY{-moz-binding:url("https://xss.test/xssmoz.xml#xss")}</STYLE>',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</UL>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<XSS STYLE="behavior: url(xss.htc);">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  '<template><script>alert(1)</script><img src=x onerror=alert(1)></template>',
  '<object type="text/x-scriptlet" data="https://xss.test/scriptlet.html"></object>',
  '<x onclick=alert(1)>click',
  '<a id="x" tabindex="1" onfocusin="alert(1)"></a>',
  '<img src="x:alert(1)" onerror="eval(src)">',
  '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48aW1hZ2UgaHJlZj0nMScgb25lcnJvcj0nYWxlcnQoMSknLz48L3N2Zz4=#x"></use></svg>',
  '<html><head><script>alert(1)</script></head><body onload="alert(1)"><p>hi</p></body></html>',
];

/** Attributes whose value a browser treats as a URL to load or navigate to. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'background',
  'poster',
  'lowsrc',
  'dynsrc',
  'srcset',
  'to',
  'from',
  'values',
  'codebase',
];
const SCRIPT_URL = /^(?:javascript|vbscript|livescript|data:text\/html)/i;
const FORBIDDEN_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'meta',
  'base',
  'link',
  'noscript',
];

/** Every element of the sanitised document, including <template> contents. */
function allElements(html: string): Element[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const elements: Element[] = [];
  const visit = (root: ParentNode) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      elements.push(el);
      if (el instanceof HTMLTemplateElement) visit(el.content);
    }
  };
  visit(doc);
  return elements;
}

/** Why the sanitised output is unsafe, or [] when it is safe. */
function unsafeParts(output: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(output)) problems.push('a <script> tag in the markup');
  for (const el of allElements(output)) {
    const tag = el.localName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.includes(tag)) problems.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // What a browser would see: entity-decoded already, so drop the whitespace and controls it ignores.
      const value = Array.from(attr.value)
        .filter((char) => char > ' ')
        .join('');
      if (name.startsWith('on')) problems.push(`handler ${name} on <${tag}>`);
      if (URL_ATTRIBUTES.includes(name) && SCRIPT_URL.test(value)) problems.push(`${name}="${attr.value}" on <${tag}>`);
      if (/javascript:|vbscript:|expression\(|behavior:|-moz-binding/i.test(value))
        problems.push(`${name}="${attr.value}" on <${tag}>`);
    }
    if (tag === 'style' && /javascript:|expression\(|-moz-binding|behavior:/i.test(el.textContent ?? ''))
      problems.push(`<style>${el.textContent}</style>`);
  }
  return problems;
}

describe('sanitizeEmailHtml against known XSS payloads', () => {
  it.each(XSS_CORPUS.map((payload, i) => [i + 1, payload]))(
    'payload %i leaves no script, handler or script URL: %s',
    (_i, payload) => {
      const output = sanitizeEmailHtml(payload as string);
      expect(unsafeParts(output)).toEqual([]);
      // The same holds for what the iframe really gets.
      expect(unsafeParts(emailDocument(payload as string))).toEqual([]);
    },
  );

  it('the checker itself catches each kind of unsafe markup', () => {
    expect(unsafeParts('<script>alert(1)</script>')).not.toEqual([]);
    expect(unsafeParts('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(unsafeParts('<a href="java&#x09;script:alert(1)">x</a>')).not.toEqual([]);
    expect(unsafeParts('<div style="background:url(javascript:alert(1))">x</div>')).not.toEqual([]);
    expect(unsafeParts('<template><img src=x onerror=alert(1)></template>')).not.toEqual([]);
  });
});

/**
 * Requests to this app from inside a message: the frame's base URL is the app's own, so any
 * relative URL would be fetched from it with the user's cookies (GET /api/logout, tracking …).
 */
const SAME_ORIGIN_CORPUS: string[] = [
  '<img src="/api/logout">',
  '<img src="x">',
  '<img src="//evil.example/pixel.gif">',
  '<img srcset="/api/a 1x, https://ok.test/b.png 2x">',
  '<picture><source srcset="/api/a"><img src="https://ok.test/a.png"></picture>',
  '<a href="/api/logout">log out</a>',
  '<a href="#top">top</a>',
  '<svg><image href="/api/x" /></svg>',
  '<svg><use xlink:href="/sprite.svg#x"></use></svg>',
  '<video poster="/api/x"></video>',
  '<audio src="../api/x"></audio>',
  '<table background="/api/x"><tr><td>x</td></tr></table>',
  '<div style="background:url(/api/x)">x</div>',
  '<div style="background-image: url( \'/api/x\' )">x</div>',
  '<div style="background:u\\72l(/api/x)">escaped</div>',
  '<style>@import "/api/x.css"; body{background:url(/api/y)}</style><p>x</p>',
  '<style>@\\69mport "/api/x.css";</style><p>x</p>',
  '<style>p{background:u\\rl(/api/z)}</style><p>x</p>',
];

/** CSS as its parser reads it: hex and character escapes undone. */
const cssText = (css: string) =>
  css
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\(.)/g, '$1');

/** Why the output would make a request to a relative (this app's) URL, or [] when it would not. */
function sameOriginRequests(output: string): string[] {
  const problems: string[] = [];
  const absolute = /^(?:https?:\/\/|mailto:|tel:|cid:|data:image\/)/i;
  for (const el of allElements(output)) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (URL_ATTRIBUTES.includes(name) && name !== 'srcset' && !absolute.test(attr.value.trim()))
        problems.push(`${name}="${attr.value}"`);
      if (name === 'srcset' && attr.value.split(',').some((c) => !absolute.test(c.trim())))
        problems.push(`srcset="${attr.value}"`);
      if (
        name === 'style' &&
        (/@import/i.test(cssText(attr.value)) ||
          [...cssText(attr.value).matchAll(/url\(\s*['"]?([^'")]*)/gi)].some(
            (m) => !/^(https?:|data:image)/i.test(m[1].trim()),
          ))
      )
        problems.push(`style="${attr.value}"`);
    }
    if (el.localName === 'style') {
      const css = cssText(el.textContent ?? '');
      if (
        /@import/i.test(css) ||
        [...css.matchAll(/url\(\s*['"]?([^'")]*)/gi)].some((m) => !/^(https?:|data:image)/i.test(m[1]))
      )
        problems.push(`<style>${el.textContent}</style>`);
    }
  }
  return problems;
}

describe('sanitizeEmailHtml makes no request to this app', () => {
  it.each(SAME_ORIGIN_CORPUS.map((payload, i) => [i + 1, payload]))(
    'payload %i keeps no relative URL: %s',
    (_i, payload) => {
      expect(sameOriginRequests(sanitizeEmailHtml(payload as string))).toEqual([]);
    },
  );

  it('the checker itself catches each kind of same-origin request', () => {
    expect(sameOriginRequests('<img src="/api/logout">')).not.toEqual([]);
    expect(sameOriginRequests('<img srcset="/a 1x">')).not.toEqual([]);
    expect(sameOriginRequests('<div style="background:url(/api/x)">x</div>')).not.toEqual([]);
    expect(sameOriginRequests('<style>@import "/x.css";</style>')).not.toEqual([]);
    expect(sameOriginRequests('<style>p{background:u\\72l(/api/z)}</style>')).not.toEqual([]);
  });

  it('keeps absolute image and link URLs, and CSS url()s that are absolute, once remote content is allowed', () => {
    const doc = new DOMParser().parseFromString(
      sanitizeEmailHtml(
        '<img src="https://cdn.test/a.png" srcset="https://cdn.test/a.png 1x, https://cdn.test/b.png 2x"><div style="background:url(https://cdn.test/bg.png) no-repeat">x</div><style>p{background:url("https://cdn.test/p.png")}</style>',
        { allowRemoteContent: true },
      ),
      'text/html',
    );
    expect(doc.querySelector('img')?.getAttribute('srcset')).toBe(
      'https://cdn.test/a.png 1x, https://cdn.test/b.png 2x',
    );
    expect(doc.querySelector('div')?.getAttribute('style')).toBe('background:url(https://cdn.test/bg.png) no-repeat');
    expect(doc.querySelector('style')?.textContent).toBe('p{background:url("https://cdn.test/p.png")}');
  });

  it('replaces a relative CSS url() by none and drops @import, keeping the rest of the stylesheet', () => {
    const doc = new DOMParser().parseFromString(
      sanitizeEmailHtml('<style>@import "/x.css"; h1{color:red;background:url(/api/y)}</style><h1>T</h1>'),
      'text/html',
    );
    expect(doc.querySelector('style')?.textContent).toBe(' h1{color:red;background:none}');
  });
});

describe('sanitizeEmailHtml keeps a benign message intact', () => {
  const newsletter = `<html><head><style>.title{color:#1677ff;font-size:20px}</style></head><body>
    <h1 class="title">Weekly digest</h1>
    <p style="color: #333; font-weight: bold">Hello <b>Ada</b>, here is <i>your</i> week.</p>
    <table width="100%" cellpadding="4" style="border-collapse: collapse"><tr><th>Item</th><td align="right">€12.00</td></tr></table>
    <ul><li>One</li><li>Two</li></ul>
    <blockquote>Quoted text</blockquote>
    <a href="https://example.test/read?id=1">Read more</a> · <a href="mailto:ada@example.test">Mail us</a>
    <img src="https://cdn.example.test/logo.png" alt="Logo" width="120">
    <img src="data:image/png;base64,iVBORw0KGgo=" alt="Pixel">
  </body></html>`;

  it('keeps text, structure, inline styles, the head stylesheet, tables, lists and images', () => {
    const output = sanitizeEmailHtml(newsletter, { allowRemoteContent: true });
    const doc = new DOMParser().parseFromString(output, 'text/html');
    expect(doc.querySelector('head style')?.textContent).toContain('.title{color:#1677ff');
    expect(doc.querySelector('h1.title')?.textContent).toBe('Weekly digest');
    expect(doc.querySelector('p')?.getAttribute('style')).toBe('color: #333; font-weight: bold');
    expect(doc.querySelector('b')?.textContent).toBe('Ada');
    expect(doc.querySelector('td')?.textContent).toBe('€12.00');
    expect(doc.querySelectorAll('li')).toHaveLength(2);
    expect(doc.querySelector('blockquote')?.textContent).toBe('Quoted text');
    expect(doc.querySelector('img[alt="Logo"]')?.getAttribute('src')).toBe('https://cdn.example.test/logo.png');
    expect(doc.querySelector('img[alt="Pixel"]')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('opens every link in a new tab, outside the frame, without a referrer', () => {
    const doc = new DOMParser().parseFromString(sanitizeEmailHtml(newsletter), 'text/html');
    const links = Array.from(doc.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.test/read?id=1',
      'mailto:ada@example.test',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it("overrides a link's own target (no _top or _parent navigation)", () => {
    const doc = new DOMParser().parseFromString(
      sanitizeEmailHtml('<a href="https://ok.test" target="_top">x</a>'),
      'text/html',
    );
    expect(doc.querySelector('a')?.getAttribute('target')).toBe('_blank');
  });
});

describe('emailDocument', () => {
  it('is a whole document with our base stylesheet before the message’s own styles', () => {
    const doc = emailDocument('<style>p{color:red}</style><p>Hi</p>');
    expect(
      doc.startsWith(`<!doctype html><html><head><style>${EMAIL_BASE_STYLE}</style><style>p{color:red}</style></head>`),
    ).toBe(true);
    expect(doc).toContain('<body><p>Hi</p></body>');
  });

  it('wraps a fragment too', () => {
    expect(emailDocument('plain words')).toBe(
      `<!doctype html><html><head><style>${EMAIL_BASE_STYLE}</style></head><body>plain words</body></html>`,
    );
  });
});

describe('htmlToText', () => {
  it('answers the readable text, without styles or scripts', () => {
    expect(htmlToText('<style>p{}</style><p>Hello <b>there</b></p><script>alert(1)</script><p>Bye</p>')).toBe(
      'Hello thereBye',
    );
  });
});

/** Tracking pixels and other remote loads (privacy, issue 24): what would reach a server when a message opens. */
const TRACKING_CORPUS: string[] = [
  '<img src="https://track.test/open.gif?id=1" width="1" height="1" alt="">',
  '<img src="//track.test/open.gif">',
  '<img src=" HTTP://track.test/open.gif">',
  '<img srcset="https://track.test/a.png 1x, data:image/png;base64,AAAA 2x">',
  '<picture><source srcset="https://track.test/p.webp" type="image/webp"><img src="data:image/png;base64,AAAA"></picture>',
  '<table background="https://track.test/bg.png"><tr><td>x</td></tr></table>',
  '<body background="https://track.test/body.png">x</body>',
  '<video poster="https://track.test/poster.png"></video>',
  '<video src="https://track.test/v.mp4"></video>',
  '<audio src="https://track.test/a.mp3"></audio>',
  '<input type="image" src="https://track.test/button.png">',
  '<div style="background:url(https://track.test/style.png)">x</div>',
  '<div style="background-image:url(\'//track.test/style.png\')">x</div>',
  '<div style="background:u\\72l(https://track.test/escaped.png)">x</div>',
  '<div style="background-image:image-set(\'https://track.test/set.png\' 1x)">x</div>',
  '<style>p{background:url("https://track.test/sheet.png")}</style><p>x</p>',
  '<style>@font-face{font-family:t;src:url(https://track.test/font.woff)}</style>',
  '<svg><image href="https://track.test/svg.png"></image></svg>',
  '<svg><image xlink:href="https://track.test/svg2.png"></image></svg>',
];

describe('sanitizeEmailHtml loads nothing remote until allowed (tracking pixels)', () => {
  it.each(TRACKING_CORPUS.map((payload, i) => [i + 1, payload]))(
    'payload %i names no remote address when blocked: %s',
    (_i, payload) => {
      expect(sanitizeEmailHtml(payload as string)).not.toContain('track.test');
      expect(emailDocument(payload as string)).not.toContain('track.test');
    },
  );

  it('keeps cid: and data: images, links, and the alt text of a blocked image', () => {
    const { html, remoteBlocked } = sanitizeEmailHtmlDetailed(
      '<img src="cid:logo@x" alt="Logo"><img src="data:image/png;base64,iVBORw0KGgo=" alt="Dot"><img src="https://cdn.test/a.png" alt="Banner"><a href="https://example.test/read">Read</a>',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('img[alt="Logo"]')?.getAttribute('src')).toBe('cid:logo@x');
    expect(doc.querySelector('img[alt="Dot"]')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(doc.querySelector('img[alt="Banner"]')?.hasAttribute('src')).toBe(false);
    const link = doc.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.test/read');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(remoteBlocked).toBe(1);
  });

  it('counts what it removed, so the reader is offered to show it', () => {
    expect(sanitizeEmailHtmlDetailed(TRACKING_CORPUS[0]).remoteBlocked).toBe(1);
    expect(sanitizeEmailHtmlDetailed(TRACKING_CORPUS[11]).remoteBlocked).toBe(1);
    expect(sanitizeEmailHtmlDetailed(TRACKING_CORPUS[15]).remoteBlocked).toBe(1);
  });

  it('counts nothing for a message without remote content', () => {
    expect(sanitizeEmailHtmlDetailed('<p>Hi <img src="cid:a"></p>').remoteBlocked).toBe(0);
  });

  it('lets the original remote content through when allowed', () => {
    for (const payload of [TRACKING_CORPUS[0], TRACKING_CORPUS[5], TRACKING_CORPUS[11]]) {
      const { html, remoteBlocked } = sanitizeEmailHtmlDetailed(payload, { allowRemoteContent: true });
      expect(html).toContain('track.test');
      expect(remoteBlocked).toBe(0);
    }
  });

  it('gives the frame a Content-Security-Policy that blocks remote loads unless allowed', () => {
    const blocked = new DOMParser().parseFromString(emailFrameDocument('<p>x</p>').html, 'text/html');
    const meta = blocked.head.firstElementChild!;
    expect(meta.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(meta.getAttribute('content')).toContain('img-src data: cid:;');
    expect(meta.getAttribute('content')).toContain("default-src 'none'");
    const allowed = new DOMParser().parseFromString(
      emailFrameDocument('<p>x</p>', { allowRemoteContent: true }).html,
      'text/html',
    );
    expect(allowed.head.firstElementChild!.getAttribute('content')).toContain('img-src data: cid: https: http:');
  });
});
