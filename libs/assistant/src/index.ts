export { AssistantTools, type Scope, type ToolContext } from './assistant-tools';
export { LocalAssistant, type AssistantAnswer, type Language } from './local-assistant';
export { languageOfQuestion } from './questions';
export { ModelAssistant, type ModelSettings } from './model-assistant';
export { PhotoDescriber, type PhotoDescription, type PhotoQuestion } from './photo-describer';
