import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { AssistantTools, ToolContext } from './assistant-tools';
import type { AssistantAnswer, Language } from './local-assistant';

export interface ModelSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request to the model. */
  timeoutMs: number;
  /** Further attempts after a failed request (timeouts, 429, 5xx). */
  retries: number;
}

/** Rounds of tool calls one question may take before the model must answer. */
const MAX_ROUNDS = 5;

const productArgs = z.object({ product: z.string().trim().min(1).max(200) });
const toolArgs = {
  lowStock: z.object({}),
  expiringBatches: z.object({ days: z.number().int().min(0).max(3650) }),
  findProduct: productArgs,
  productStock: productArgs,
  productSales: productArgs.extend({ days: z.number().int().min(1).max(3650) }),
  batchHistory: z.object({ batchNumber: z.string().trim().min(1).max(64) }),
} as const;
type ToolName = keyof typeof toolArgs;

const definitions: ChatCompletionTool[] = [
  tool(
    'lowStock',
    'Active products at or below their minimum stock level at the user’s pharmacies, fewest packs first.',
    {},
  ),
  tool('expiringBatches', 'Batches with stock that expire between today and `days` days from now, earliest first.', {
    days: { type: 'integer', minimum: 0, maximum: 3650, description: 'How many days ahead to look' },
  }),
  tool('findProduct', 'The catalogue product best matching a name (English or Arabic), generic name, SKU or barcode.', {
    product: { type: 'string', description: 'Name, SKU or barcode' },
  }),
  tool('productStock', 'Sellable packs of a product at each of the user’s pharmacies, with the earliest expiry.', {
    product: { type: 'string', description: 'Name, SKU or barcode' },
  }),
  tool(
    'productSales',
    'Units and revenue of a product sold over the last `days` days (today included), net of returns.',
    {
      product: { type: 'string', description: 'Name, SKU or barcode' },
      days: { type: 'integer', minimum: 1, maximum: 3650 },
    },
  ),
  tool(
    'batchHistory',
    'A batch by its number and its movements (received, sold, adjusted, transferred, expired, written off), oldest first: answers "why did X drop at branch Y?".',
    { batchNumber: { type: 'string' } },
  ),
];

function tool(name: ToolName, description: string, properties: Record<string, unknown>): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    },
  };
}

function systemPrompt(language: Language, today: string): string {
  return [
    'You are the assistant of a pharmacy chain’s stock system, helping pharmacists and administrators.',
    `Today is ${today}. Answer in ${language === 'ar' ? 'Arabic' : 'English'}, briefly.`,
    'Every fact about stock, expiry, sales or batches must come from a tool result: call the tools, never guess a number.',
    'You can only read; no tool changes anything, and you cannot sell, move or edit stock.',
    'You may give general pharmaceutical information, but end any clinical answer by saying it is informational only and that the pharmacist’s professional judgement and the product’s labelling prevail.',
  ].join(' ');
}

/**
 * The assistant with a configured OpenAI-compatible model (OpenAI, Ollama,
 * vLLM, llama.cpp server): the model is given the read-model tools and calls
 * them; each call is run here, within the caller's pharmacies, and its result
 * passed back, until the model answers.
 */
export class ModelAssistant {
  private readonly client: OpenAI;

  constructor(
    private readonly settings: ModelSettings,
    private readonly tools: AssistantTools,
  ) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      apiKey: settings.apiKey,
      timeout: settings.timeoutMs,
      maxRetries: settings.retries,
    });
  }

  async answer(
    message: string,
    history: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>,
    language: Language,
    context: ToolContext,
  ): Promise<AssistantAnswer> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(language, context.today) },
      ...history.map((m) => ({ role: m.role, content: m.content })),
      { role: 'user', content: message },
    ];
    const called: AssistantAnswer['tools'] = [];
    // The whole answer, every round of tool calls included, within the timeout.
    const deadline = Date.now() + this.settings.timeoutMs;
    for (let round = 0; round <= MAX_ROUNDS; round += 1) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('the model did not answer in time');
      const completion = await this.client.chat.completions.create(
        {
          model: this.settings.model,
          messages,
          // The last round has no tools: the model must answer with what it has.
          ...(round < MAX_ROUNDS ? { tools: definitions, tool_choice: 'auto' as const } : {}),
        },
        { timeout: left },
      );
      const reply = completion.choices[0]?.message;
      if (!reply) throw new Error('the model answered without a message');
      const calls = (reply.tool_calls ?? []).filter((c) => c.type === 'function');
      if (calls.length === 0) {
        const text = reply.content?.trim();
        if (!text) throw new Error('the model answered with no text');
        return { response: text, tools: called };
      }
      messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls });
      for (const call of calls) {
        const { result, args } = await this.run(call.function.name, call.function.arguments, context);
        called.push({ name: call.function.name, arguments: args });
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
    throw new Error('the model kept calling tools without answering');
  }

  /** Runs one tool call; a call the tools do not know or with bad arguments is answered with an error the model can read. */
  private async run(
    name: string,
    rawArguments: string,
    context: ToolContext,
  ): Promise<{ result: unknown; args: Record<string, unknown> }> {
    let parsed: unknown;
    try {
      parsed = rawArguments.trim() ? JSON.parse(rawArguments) : {};
    } catch {
      return { result: { error: 'The arguments were not valid JSON.' }, args: {} };
    }
    if (!(name in toolArgs)) return { result: { error: `There is no tool called ${name}.` }, args: {} };
    const checked = toolArgs[name as ToolName].safeParse(parsed);
    if (!checked.success) {
      return {
        result: { error: `Invalid arguments: ${checked.error.issues.map((i) => i.message).join('; ')}` },
        args: {},
      };
    }
    const args = checked.data as Record<string, unknown>;
    const t = this.tools;
    switch (name as ToolName) {
      case 'lowStock':
        return { result: await t.lowStock(context), args };
      case 'expiringBatches':
        return { result: await t.expiringBatches(context, args.days as number), args };
      case 'findProduct':
        return { result: (await t.findProduct(context, args.product as string)) ?? { found: false }, args };
      case 'productStock':
        return { result: await t.productStock(context, args.product as string), args };
      case 'productSales':
        return { result: await t.productSales(context, args.product as string, args.days as number), args };
      case 'batchHistory':
        return { result: await t.batchHistory(context, args.batchNumber as string), args };
    }
  }
}
