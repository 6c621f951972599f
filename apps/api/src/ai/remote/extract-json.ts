export type Extracted = { ok: true; value: unknown } | { ok: false };

const tryParse = (text: string): Extracted => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** The end (exclusive) of the JSON object or array opening at `start`, honouring strings; -1 if unbalanced. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The JSON value in a model's answer, repairing the usual wrappings: a reasoning model's
 * <think>…</think> preamble, a ```json fenced block, or prose before and after the value
 * ("Here is the plan: {…} Hope this helps"). Never guesses at broken JSON itself: an answer
 * that is not JSON anywhere is reported as such and the model is asked again.
 */
export function extractJson(answer: string): Extracted {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const whole = tryParse(text);
  if (whole.ok) return whole;

  for (const fence of text.matchAll(/```[\w-]*\s*\n?([\s\S]*?)```/g)) {
    const fenced = tryParse(fence[1].trim());
    if (fenced.ok) return fenced;
  }

  for (let start = 0; start < text.length; start++) {
    if (text[start] !== '{' && text[start] !== '[') continue;
    const end = balancedEnd(text, start);
    if (end === -1) continue;
    const embedded = tryParse(text.slice(start, end));
    if (embedded.ok) return embedded;
  }
  return { ok: false };
}
