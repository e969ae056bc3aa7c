import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SparklesIcon, UserIcon } from '../../../components/icons';
import { directionOf } from '../../../i18n/languages';
import type { MessageId } from '../../../i18n/messages';
import type { ChatMessage } from '../utils/conversation';
import { toolLabelsOf } from '../utils/tools';
import { AnswerText } from './answer-text';

const authorLabels: Readonly<Record<ChatMessage['role'], { id: MessageId }>> = {
  user: { id: 'aiChat.message.user' },
  assistant: { id: 'aiChat.message.assistant' },
};

/** The time a message was written; its date too when that was not today. */
function useMessageTime(): (instant: string) => string {
  const intl = useIntl();
  return (instant) => {
    const at = new Date(instant);
    return at.toDateString() === new Date().toDateString()
      ? intl.formatTime(at, { hour: 'numeric', minute: '2-digit' })
      : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  };
}

interface BubbleProps {
  role: ChatMessage['role'];
  label: string;
  timestamp: string;
  failed?: boolean;
  /** The message's own language: an answer keeps its direction when the interface changes language. */
  language?: ChatMessage['language'];
  children: ReactNode;
  footer?: ReactNode;
}

function Bubble({ role, label, timestamp, failed, language, children, footer }: BubbleProps) {
  const time = useMessageTime();
  const Icon = role === 'user' ? UserIcon : SparklesIcon;
  return (
    <li className="chat-message" data-role={role} data-failed={failed || undefined} aria-label={label}>
      <span className="chat-avatar" aria-hidden="true">
        <Icon width={16} height={16} />
      </span>
      <div className="chat-bubble-column">
        {/* A question keeps the direction it was typed in (`auto`); an answer, the direction of its language. */}
        <div
          className="chat-bubble"
          dir={language ? directionOf(language) : 'auto'}
          lang={language}
          data-testid="chat-bubble"
        >
          {children}
        </div>
        {footer}
        <Text as="div" size="1" color="gray" className="chat-time">
          <time dateTime={timestamp}>{time(timestamp)}</time>
        </Text>
      </div>
    </li>
  );
}

/** The assistant's greeting: always first, in the interface's language, never sent back as history. */
export function WelcomeMessage({ startedAt }: { startedAt: string }) {
  const intl = useIntl();
  return (
    <Bubble role="assistant" label={intl.formatMessage(authorLabels.assistant)} timestamp={startedAt}>
      <AnswerText text={intl.formatMessage({ id: 'aiChat.welcome' })} />
    </Bubble>
  );
}

export function ChatMessageItem({ message }: { message: ChatMessage }) {
  const intl = useIntl();
  const tools = toolLabelsOf(message.tools ?? []).map((label) => intl.formatMessage(label));
  const notes =
    message.role === 'assistant' && (message.mode === 'local' || tools.length > 0) ? (
      <Flex direction="column" gap="1" className="chat-notes">
        {message.mode === 'local' && (
          <Text size="1" color="gray" data-testid="chat-local-note">
            {intl.formatMessage({ id: 'aiChat.message.local' })}
          </Text>
        )}
        {tools.length > 0 && (
          <Text size="1" color="gray" data-testid="chat-tools">
            {intl.formatMessage(
              { id: 'aiChat.message.basedOn' },
              { value: intl.formatList(tools, { type: 'unit', style: 'short' }) },
            )}
          </Text>
        )}
      </Flex>
    ) : undefined;
  return (
    <Bubble
      role={message.role}
      label={intl.formatMessage(authorLabels[message.role])}
      timestamp={message.timestamp}
      failed={message.failed}
      language={message.role === 'assistant' ? message.language : undefined}
      footer={notes}
    >
      <AnswerText text={message.content} />
    </Bubble>
  );
}
