/**
 * Reply and forward prefixes as mail clients write them: English (Re, Fwd, Fw), German (AW, WG),
 * Scandinavian (SV, VS), Dutch (Antw), Italian (R, RIF, I), French (TR), Portuguese/Spanish (RES,
 * ENC, RV), Chinese (回复, 回覆, 答复, 转发, 轉寄), Japanese (返信, 転送); with a count ("RE[2]:",
 * "Re(3):") and a full-width colon. Migration AddEmailThreads1795400400000 mirrors it in SQL.
 */
const PREFIX =
  /^\s*(?:re|fwd?|fw|aw|wg|sv|vs|antw|rif|tr|enc|res|回复|回覆|答复|转发|轉寄|返信|転送)\s*(?:\[\d+\]|\(\d+\))?\s*[:：]\s*/iu;

/** The subject a conversation keeps whatever replies and forwards put in front: lower case, prefixes gone, spaces collapsed. */
export function normaliseSubject(subject: string): string {
  let rest = subject.toLowerCase();
  for (let stripped = rest.replace(PREFIX, ''); stripped !== rest; stripped = rest.replace(PREFIX, '')) rest = stripped;
  return rest.replace(/\s+/g, ' ').trim();
}

/** Whether the subject carries a reply or forward prefix. */
export function isReplySubject(subject: string): boolean {
  return PREFIX.test(subject);
}

const ADDRESS = /[^\s<>,;:"'()[\]]+@[^\s<>,;:"'()[\]]+/g;

/** The lower-cased addresses of From, To and Cc. */
export function participants(message: { from: string; to: string; cc: string | null }): Set<string> {
  const text = [message.from, message.to, message.cc ?? ''].join(' ');
  return new Set((text.match(ADDRESS) ?? []).map((address) => address.toLowerCase()));
}
