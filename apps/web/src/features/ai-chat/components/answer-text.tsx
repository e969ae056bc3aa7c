import { Fragment } from 'react';
import { answerBlocks, inlineParts } from '../utils/answer-blocks';

function Line({ text }: { text: string }) {
  return inlineParts(text).map((part, index) =>
    part.strong ? <strong key={index}>{part.text}</strong> : <Fragment key={index}>{part.text}</Fragment>,
  );
}

/**
 * A message's text with its paragraphs, line breaks and simple lists kept.
 * Everything is rendered as text: markup in an answer is shown, never run.
 */
export function AnswerText({ text }: { text: string }) {
  return (
    <div className="chat-text">
      {answerBlocks(text).map((block, index) => {
        if (block.kind === 'paragraph') {
          return (
            <p key={index}>
              {block.lines.map((line, lineIndex) => (
                <Fragment key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  <Line text={line} />
                </Fragment>
              ))}
            </p>
          );
        }
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Line text={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
