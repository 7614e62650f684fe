/**
 * Generates the tiny BERT-shaped ONNX model that tests the `native` provider's transformers.js
 * loading path with no download: a WordPiece tokenizer over a few hundred words and a graph
 * that looks each token up in a seeded random table, applies tanh and masks padding, so the
 * output is `last_hidden_state` [batch, sequence, HIDDEN_SIZE] exactly like a real encoder's.
 * Deterministic: running it again rewrites identical files (a test checks the committed copy).
 *
 *   bun scripts/semantic/tiny-model.ts            writes scripts/semantic/tiny-model/tiny-bert/
 */
import { seededRandom } from '../../packages/shared/src/test-support/index.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format } from 'prettier';
import { FLOAT, INT64, model, node, tensor, valueInfo } from './onnx-writer.ts';

export const TINY_MODEL_ROOT = join(import.meta.dir, 'tiny-model');
export const TINY_MODEL_ID = 'tiny-bert';
export const HIDDEN_SIZE = 32;

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const WORDS = `the a an and or of to in on for with is are was be it this that by as at from not
no yes all any some each every one two three new old first last next day week month year today
tomorrow yesterday date time due start done scheduled created task tasks todo note notes vault
file folder link tag tags query filter filters search find sort group limit show hide path
heading section list item items project projects meeting plan idea ideas write read edit
delete open close status priority high low medium recurring every daily weekly monthly
obsidian plugin plugins settings setting option options format formats style styling theme
markdown text code block blocks table example examples test tests data value values number
string boolean function functions custom how what when where why who which`
  .split(/\s+/)
  .filter((word) => word !== '');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');

export function tinyVocabulary(): string[] {
  const pieces = [...SPECIAL_TOKENS, ...LETTERS, ...LETTERS.map((letter) => `##${letter}`)];
  return [...pieces, ...WORDS.filter((word) => !pieces.includes(word))];
}

export function tinyOnnxModel(vocabularySize: number): Uint8Array {
  const random = seededRandom(7);
  const table = Float32Array.from({ length: vocabularySize * HIDDEN_SIZE }, () => random() * 2 - 1);
  const minusOne = new BigInt64Array([-1n]);
  return model(
    {
      name: 'tiny_bert',
      nodes: [
        node('Gather', ['embeddings', 'input_ids'], ['token_states']),
        node('Tanh', ['token_states'], ['activated']),
        node('Cast', ['attention_mask'], ['mask_float'], { to: FLOAT }),
        node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_3d']),
        node('Mul', ['activated', 'mask_3d'], ['last_hidden_state']),
      ],
      initializers: [
        tensor('embeddings', FLOAT, [vocabularySize, HIDDEN_SIZE], new Uint8Array(table.buffer)),
        tensor('last_axis', INT64, [1], new Uint8Array(minusOne.buffer)),
      ],
      inputs: [
        valueInfo('input_ids', INT64, ['batch', 'sequence']),
        valueInfo('attention_mask', INT64, ['batch', 'sequence']),
      ],
      outputs: [valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', HIDDEN_SIZE])],
    },
    17,
  );
}

function tokenizerJson(vocabulary: string[]): object {
  const special = (content: string) => ({
    id: vocabulary.indexOf(content),
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const specialToken = (id: string) => ({ SpecialToken: { id, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [specialToken('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, specialToken('[SEP]')],
      pair: [
        specialToken('[CLS]'),
        { Sequence: { id: 'A', type_id: 0 } },
        specialToken('[SEP]'),
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((id) => [id, { id, ids: [vocabulary.indexOf(id)], tokens: [id] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.map((token, index) => [token, index])),
    },
  };
}

/** The files transformers.js reads for `tiny-bert`, by path relative to the model folder. */
export async function tinyModelFiles(): Promise<Record<string, string | Uint8Array>> {
  const vocabulary = tinyVocabulary();
  // Formatted as the repo's prettier would, so `format:check` passes on the committed output.
  const json = (value: object) => format(JSON.stringify(value), { parser: 'json' });
  return {
    'config.json': await json({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: HIDDEN_SIZE,
      vocab_size: vocabulary.length,
      max_position_embeddings: 128,
    }),
    'tokenizer_config.json': await json({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 128,
      clean_up_tokenization_spaces: true,
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      mask_token: '[MASK]',
    }),
    'tokenizer.json': await json(tokenizerJson(vocabulary)),
    'onnx/model.onnx': tinyOnnxModel(vocabulary.length),
  };
}

export async function writeTinyModel(root: string = TINY_MODEL_ROOT): Promise<string> {
  const folder = join(root, TINY_MODEL_ID);
  for (const [path, content] of Object.entries(await tinyModelFiles())) {
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), content);
  }
  return folder;
}

if (import.meta.main) {
  console.log(`Tiny model written to ${await writeTinyModel()}`);
}
