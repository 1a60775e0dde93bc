// @bramus/specificity ships types its package.json "exports" do not point to; what tests/ui/computed-style.ts uses.
declare module '@bramus/specificity' {
  export interface SpecificityValue {
    a: number;
    b: number;
    c: number;
  }
  export default class Specificity {
    static calculate(selector: string): Specificity[];
    static max(...specificities: Specificity[]): Specificity;
    static compare(a: SpecificityValue, b: SpecificityValue): number;
    value: SpecificityValue;
  }
}
