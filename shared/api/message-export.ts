/**
 * One exported message (or conversation) as reply text, for `replyapply detect|apply --message FILE` and
 * the corpus: the same readers the extension runs on the sites' API answers (documents.ts), so a reply
 * whose code lives in an artifact or a canvas is read without a browser. Accepted, by shape:
 * - a Claude conversation (`{ chat_messages, current_leaf_message_uuid }`) or one of its messages
 *   (`{ sender, content: [blocks] }`), or a list of them;
 * - a ChatGPT conversation (`{ mapping, current_node }`), one node (`{ message }`) or message
 *   (`{ author, recipient, content }`), or a list of them (a turn: canvas calls, tool answers, text);
 * - the corpus's records of both (`{ messages: [...] }`; `{ inferred_recipient, content_text }` for a
 *   canvas call an exporter printed without its envelope; `{ antArtifact_attributes,
 *   antArtifact_content }`).
 * A conversation gives its last assistant message (with its turn's documents).
 */
import { artifactTag } from '../formats/artifacts';
import {
  type ChatGptMessage,
  type ClaudeMessage,
  chatGptBranch,
  chatGptMessageTexts,
  claudeBranch,
  claudeMessageTexts,
} from './documents';

export type ExportText =
  | { ok: true; text: string; site: 'claude' | 'chatgpt' }
  | { ok: false; message: string };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function textOfExport(json: unknown): ExportText {
  if (isObj(json) && Array.isArray(json.chat_messages))
    return claude(
      claudeBranch((json.chat_messages as unknown[]).filter(isObj), json.current_leaf_message_uuid),
    );
  if (isObj(json) && isObj(json.mapping)) return chatgpt(chatGptBranch(json));
  if (isObj(json) && isObj(json.antArtifact_attributes) && typeof json.antArtifact_content === 'string')
    return {
      ok: true,
      site: 'claude',
      text: artifactTag(json.antArtifact_attributes, json.antArtifact_content),
    };
  if (isObj(json) && typeof json.inferred_recipient === 'string' && typeof json.content_text === 'string')
    return chatgpt([
      {
        author: { role: 'assistant' },
        recipient: json.inferred_recipient,
        content: { content_type: 'code', text: json.content_text },
      },
    ]);
  const list = Array.isArray(json)
    ? json
    : isObj(json) && Array.isArray(json.messages)
      ? json.messages
      : [json];
  const messages = list.map((m) => (isObj(m) && isObj(m.message) ? m.message : m)).filter(isObj);
  if (messages.length === 0) return { ok: false, message: 'The JSON holds no message.' };
  if (messages.every((m) => 'sender' in m || (Array.isArray(m.content) && !('author' in m))))
    return claude(messages as ClaudeMessage[]);
  if (messages.every((m) => isObj(m.author))) return chatgpt(messages as ChatGptMessage[]);
  return {
    ok: false,
    message:
      'The JSON is neither a Claude message (sender, content blocks) nor a ChatGPT one (author, content), nor a conversation of either (chat_messages, mapping).',
  };
}

function claude(messages: ClaudeMessage[]): ExportText {
  // A lone message with no sender is the assistant's (an exporter's record of one reply).
  const all = messages.map((m) => (m.sender === undefined ? { ...m, sender: 'assistant' } : m));
  const texts = claudeMessageTexts(all);
  const last = texts[texts.length - 1];
  return last
    ? { ok: true, site: 'claude', text: last.text }
    : { ok: false, message: 'The conversation has no assistant message.' };
}

function chatgpt(messages: ChatGptMessage[]): ExportText {
  const texts = [...chatGptMessageTexts(messages).values()];
  const last = texts[texts.length - 1];
  return last !== undefined
    ? { ok: true, site: 'chatgpt', text: last }
    : { ok: false, message: 'The messages hold no assistant text, and no canvas.' };
}
