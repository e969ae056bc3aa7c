import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useChat } from '../hooks/use-chat';
import { ChatPanel } from './chat-panel';
import { HelpfulTips, QuickStats, SafetyNotice } from './side-panels';
import './ai-chat.css';

/**
 * /ai-chat (specification 001 §2 "AI assistant", §4, §5, §8, §9): a chat about
 * the pharmacy's own records, beside Quick Stats, Helpful Tips and the Safety
 * Notice. Every signed-in role may use it; it changes nothing.
 */
export function AiChatPage() {
  const { conversation, send, clear, isAwaitingReply } = useChat();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Back to the input once the reply is in (it was disabled while the reply was awaited).
  const wasAwaiting = useRef(isAwaitingReply);
  useEffect(() => {
    if (wasAwaiting.current && !isAwaitingReply) inputRef.current?.focus();
    wasAwaiting.current = isAwaitingReply;
  }, [isAwaitingReply]);

  const onSend = () => {
    if (send(draft)) setDraft('');
  };

  const onPick = (question: string) => {
    setDraft(question);
    inputRef.current?.focus();
  };

  return (
    <Flex direction="column" gap="5">
      <Box>
        <Heading as="h1" size="7">
          <FormattedMessage id="aiChat.title" />
        </Heading>
        <Text as="p" color="gray" mt="1">
          <FormattedMessage id="aiChat.subtitle" />
        </Text>
      </Box>
      <Grid columns={{ initial: '1', md: '3' }} gap="4" align="start">
        <Box gridColumn={{ md: 'span 2' }} minWidth="0">
          <ChatPanel
            conversation={conversation}
            isAwaitingReply={isAwaitingReply}
            draft={draft}
            onDraftChange={setDraft}
            onSend={onSend}
            onClear={() => {
              clear();
              inputRef.current?.focus();
            }}
            inputRef={inputRef}
          />
        </Box>
        <Flex direction="column" gap="4" minWidth="0">
          <QuickStats />
          <HelpfulTips onPick={onPick} />
          <SafetyNotice />
        </Flex>
      </Grid>
    </Flex>
  );
}
