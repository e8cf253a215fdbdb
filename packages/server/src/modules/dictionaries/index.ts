export { dictionariesModule } from './module';
export { dictionaryOptions } from './service';
