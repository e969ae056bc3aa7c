import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { isUnauthorizedError } from '../../../lib/api';
import { useRole } from '../../../lib/authorization';
import { useSignedInUser } from '../../../lib/session';
import { askAssistant, chatMutationKey, useContextInventory, useLowStockCount, useProductCount } from '../api/chat';
import { chatContext, historyOf, isSendable } from '../utils/conversation';
import { appendMessage, readConversation, useConversation } from './use-conversation';

/**
 * The signed-in user's conversation with the assistant (specification 001 §2,
 * §4, §5, §8): `send` posts a question with the page's context and the
 * conversation so far; the answer, or the apology and the 'Chat Error' toast
 * when none comes, is added when the server replies.
 */
export function useChat() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const role = useRole();
  const user = useSignedInUser();
  const { conversation, clear } = useConversation(user.id);
  const products = useProductCount();
  const lowStock = useLowStockCount();
  const inventory = useContextInventory();
  const mutationKey = chatMutationKey(user.id);
  const { mutateAsync } = useMutation({ mutationKey, mutationFn: askAssistant });
  // Counted in the cache, not in this component: a page opened again while a question is out still waits for it.
  const isAwaitingReply = useIsMutating({ mutationKey }) > 0;

  const productCount = products.data?.total;
  const lowStockCount = lowStock.data?.total;
  const inventoryRows = inventory.data?.rows;
  const userId = user.id;

  /** False when nothing was sent: an empty or blank message (§5), or a reply still awaited (§4). */
  const send = useCallback(
    (text: string): boolean => {
      // Asked of the cache, not of the last render: a second Enter before the next render must not send twice.
      if (!isSendable(text) || queryClient.isMutating({ mutationKey: chatMutationKey(userId) }) > 0) return false;
      const message = text.trim();
      const history = historyOf(readConversation(userId).messages);
      appendMessage(userId, { id: crypto.randomUUID(), role: 'user', content: message, timestamp: nowIso() });
      const context = chatContext({ products: productCount, lowStock: lowStockCount, inventory: inventoryRows, role });
      // Appended here rather than in the component, so an answer that comes after the user left the page is kept.
      mutateAsync({ message, context, history, language }).then(
        (answer) =>
          appendMessage(userId, {
            id: crypto.randomUUID(),
            role: 'assistant',
            content: answer.response,
            timestamp: nowIso(),
            language,
            mode: answer.mode,
            tools: answer.tools.map((tool) => tool.name),
          }),
        (error: unknown) => {
          // The session ended: the shell already says so and goes to sign in.
          if (isUnauthorizedError(error)) return;
          appendMessage(userId, {
            id: crypto.randomUUID(),
            role: 'assistant',
            content: intl.formatMessage({ id: 'aiChat.error.apology' }),
            timestamp: nowIso(),
            language,
            failed: true,
          });
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'aiChat.error.title' }),
            description: intl.formatMessage({ id: 'aiChat.error.description' }),
          });
        },
      );
      return true;
    },
    [queryClient, userId, productCount, lowStockCount, inventoryRows, role, mutateAsync, language, intl, toast],
  );

  return { conversation, send, clear, isAwaitingReply };
}

function nowIso(): string {
  return new Date().toISOString();
}
