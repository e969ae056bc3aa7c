import { Button, Card, Flex, Heading, IconButton, Text, TextArea, Tooltip } from '@radix-ui/themes';
import { useEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SendIcon, SparklesIcon, TrashIcon } from '../../../components/icons';
import { isSendable, MESSAGE_MAX_LENGTH, type Conversation } from '../utils/conversation';
import { ChatMessageItem, WelcomeMessage } from './chat-message';

export interface ChatPanelProps {
  conversation: Conversation;
  isAwaitingReply: boolean;
  draft: string;
  onDraftChange(draft: string): void;
  onSend(): void;
  onClear(): void;
  inputRef: Ref<HTMLTextAreaElement>;
}

/**
 * Specification 001 §2, §4, §5: the conversation under the welcome message, the
 * typing indicator while a reply is awaited (the input is disabled meanwhile),
 * Enter to send and Shift+Enter for a new line, and the disclaimer.
 */
export function ChatPanel({
  conversation,
  isAwaitingReply,
  draft,
  onDraftChange,
  onSend,
  onClear,
  inputRef,
}: ChatPanelProps) {
  const intl = useIntl();
  const logRef = useRef<HTMLDivElement>(null);
  const count = conversation.messages.length;

  // The newest message (or the typing indicator) in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count, isAwaitingReply]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter is the textarea's own newline; Enter while composing (an input method) picks a candidate.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };

  return (
    <Card size="2" className="chat-panel">
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex align="center" gap="2">
            <SparklesIcon width={20} height={20} className="chat-title-icon" />
            <Heading as="h2" size="4">
              <FormattedMessage id="aiChat.chat.title" />
            </Heading>
          </Flex>
          <Button variant="soft" color="gray" onClick={onClear} disabled={count === 0 || isAwaitingReply}>
            <TrashIcon />
            <FormattedMessage id="aiChat.clear" />
          </Button>
        </Flex>

        <div
          ref={logRef}
          className="chat-log"
          role="log"
          aria-label={intl.formatMessage({ id: 'aiChat.log.label' })}
          aria-busy={isAwaitingReply}
          // The log scrolls: keyboard users reach it with Tab and scroll it with the arrow keys.
          tabIndex={0}
        >
          <ul className="plain-list chat-messages">
            <WelcomeMessage startedAt={conversation.startedAt} />
            {conversation.messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} />
            ))}
            {isAwaitingReply && (
              <li className="chat-message" data-role="assistant">
                <span className="chat-avatar" aria-hidden="true">
                  <SparklesIcon width={16} height={16} />
                </span>
                <div className="chat-bubble chat-typing" role="status">
                  <FormattedMessage id="aiChat.thinking" />
                  <span className="chat-typing-dots" aria-hidden="true">
                    <span />
                    <span />
                    <span />
                  </span>
                </div>
              </li>
            )}
          </ul>
        </div>

        <form
          className="chat-composer"
          onSubmit={(event) => {
            event.preventDefault();
            onSend();
          }}
        >
          <TextArea
            ref={inputRef}
            className="chat-input"
            aria-label={intl.formatMessage({ id: 'aiChat.input.label' })}
            placeholder={intl.formatMessage({ id: 'aiChat.input.placeholder' })}
            value={draft}
            onChange={(event) => onDraftChange(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={isAwaitingReply}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={2}
            resize="vertical"
            // A question in the other language runs its own way; the empty box (its placeholder) follows the page.
            dir={draft ? 'auto' : undefined}
          />
          <Tooltip content={intl.formatMessage({ id: 'aiChat.send' })}>
            <IconButton
              type="submit"
              size="3"
              aria-label={intl.formatMessage({ id: 'aiChat.send' })}
              disabled={isAwaitingReply || !isSendable(draft)}
            >
              <SendIcon width={18} height={18} className="mirror-rtl" />
            </IconButton>
          </Tooltip>
        </form>
        <Flex direction="column" gap="1">
          <Text size="1" color="gray">
            <FormattedMessage id="aiChat.input.hint" />
          </Text>
          <Text size="1" color="gray" data-testid="chat-disclaimer">
            <FormattedMessage id="aiChat.disclaimer" />
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}
