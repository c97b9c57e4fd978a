export { WebSocketPage as default } from '../../../websocket-page';
