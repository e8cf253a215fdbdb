export { appealsModule } from './module';
