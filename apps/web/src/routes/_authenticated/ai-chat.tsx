import { createFileRoute } from '@tanstack/react-router';
import {
  contextInventoryQueryOptions,
  lowStockCountQueryOptions,
  productCountQueryOptions,
} from '../../features/ai-chat/api/chat';
import { AiChatPage } from '../../features/ai-chat/components/ai-chat-page';

export const Route = createFileRoute('/_authenticated/ai-chat')({
  loader: ({ context }) => {
    if (!context.currentUser) return;
    // Quick Stats, and the context each question carries (specification 001 §9).
    void context.queryClient.prefetchQuery(productCountQueryOptions());
    void context.queryClient.prefetchQuery(lowStockCountQueryOptions());
    void context.queryClient.prefetchQuery(contextInventoryQueryOptions());
  },
  component: AiChatPage,
});
