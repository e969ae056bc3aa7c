import { createFileRoute } from '@tanstack/react-router';
import { lowStockQueryOptions } from '../../features/ai-chat/api/chat';
import { AiChatPage } from '../../features/ai-chat/components/ai-chat-page';
import { inventoryQueryOptions, productsQueryOptions } from '../../lib/catalogue';

export const Route = createFileRoute('/_authenticated/ai-chat')({
  loader: ({ context }) => {
    if (!context.currentUser) return;
    // Quick Stats, and the context each question carries (specification 001 §9).
    void context.queryClient.prefetchQuery(productsQueryOptions());
    void context.queryClient.prefetchQuery(lowStockQueryOptions());
    void context.queryClient.prefetchQuery(inventoryQueryOptions());
  },
  component: AiChatPage,
});
