export { dictionariesModule } from './module';
export { dictionaryNames, dictionaryOptions, findDictionaryOptions } from './service';
