export { identityWebModule } from './routes';
