import { describe, expect, it } from '@jest/globals';
import { dirname, join } from 'node:path';
import postcss from 'postcss';
import { dropUnusedRadixComponents, importedRadixNames, usedRadixClasses } from '../../radix-components';

const srcDir = join(__dirname, '..');
const radixDir = dirname(require.resolve('@radix-ui/themes/package.json'));

/** The build keeps the styles of the Radix components the app renders, and of those they render inside. */
describe('Radix Themes components in the stylesheet', () => {
  it('finds the components the app imports and the classes they and their parts write', () => {
    expect([...importedRadixNames(srcDir)]).toEqual(expect.arrayContaining(['Button', 'Table', 'Select', 'Dialog']));
    const used = usedRadixClasses(srcDir, radixDir);
    // Button's shared base, and the scroll area the select's list scrolls in.
    for (const name of ['rt-Button', 'rt-BaseButton', 'rt-TableRoot', 'rt-SelectContent', 'rt-ScrollAreaRoot'])
      expect(used).toContain(name);
    for (const name of ['rt-SliderRoot', 'rt-DropdownMenuContent', 'rt-SegmentedControlRoot'])
      expect(used).not.toContain(name);
  });

  it("drops the rules of components.css that only unused components match, and nothing from the app's CSS", async () => {
    const css = [
      '.rt-Button { color: red }',
      '.rt-SliderRoot { color: red }',
      '.rt-SliderRoot, .rt-Button:where(.rt-variant-solid) { color: blue }',
      '.rt-r-size-2 { width: 1px }',
    ].join('\n');
    const plugin = dropUnusedRadixComponents(srcDir, radixDir);
    const fromRadix = await postcss([plugin]).process(css, { from: join(radixDir, 'components.css') });
    expect(fromRadix.css).not.toContain('rt-SliderRoot');
    expect(fromRadix.css).toContain('.rt-Button { color: red }');
    expect(fromRadix.css).toContain('.rt-Button:where(.rt-variant-solid) { color: blue }');
    expect(fromRadix.css).toContain('.rt-r-size-2');
    const fromApp = await postcss([plugin]).process(css, { from: join(srcDir, 'styles.css') });
    expect(fromApp.css).toBe(css);
  });
});
