/**
 * Test support: the SVG geometry jsdom lacks, just enough for a real bpmn-js Modeler to import,
 * edit, undo and export under Vitest. Shapes measure 0×0 and text is 7 px a character: tests of
 * the designer check the model and the panel, never the drawing.
 */

class Matrix {
  constructor(
    public a = 1,
    public b = 0,
    public c = 0,
    public d = 1,
    public e = 0,
    public f = 0,
  ) {}
  multiply(m: Matrix): Matrix {
    return new Matrix(
      this.a * m.a + this.c * m.b,
      this.b * m.a + this.d * m.b,
      this.a * m.c + this.c * m.d,
      this.b * m.c + this.d * m.d,
      this.a * m.e + this.c * m.f + this.e,
      this.b * m.e + this.d * m.f + this.f,
    );
  }
  inverse(): Matrix {
    const det = this.a * this.d - this.b * this.c;
    return new Matrix(
      this.d / det,
      -this.b / det,
      -this.c / det,
      this.a / det,
      (this.c * this.f - this.d * this.e) / det,
      (this.b * this.e - this.a * this.f) / det,
    );
  }
  translate(x: number, y: number): Matrix {
    return this.multiply(new Matrix(1, 0, 0, 1, x, y));
  }
  scale(factor: number): Matrix {
    return this.multiply(new Matrix(factor, 0, 0, factor, 0, 0));
  }
}

class Transform {
  matrix = new Matrix();
  setMatrix(matrix: Matrix) {
    this.matrix = matrix;
  }
  setTranslate(x: number, y: number) {
    this.matrix = new Matrix(1, 0, 0, 1, x, y);
  }
  setScale(x: number, y: number) {
    this.matrix = new Matrix(x, 0, 0, y, 0, 0);
  }
  setRotate() {
    this.matrix = new Matrix();
  }
}

const fromMatrix = (matrix: Matrix): Transform => {
  const transform = new Transform();
  transform.setMatrix(matrix);
  return transform;
};

class TransformList {
  private items: Transform[] = [];
  get numberOfItems() {
    return this.items.length;
  }
  clear() {
    this.items = [];
  }
  appendItem(item: Transform) {
    this.items.push(item);
    return item;
  }
  initialize(item: Transform) {
    this.items = [item];
    return item;
  }
  getItem(index: number) {
    return this.items[index];
  }
  createSVGTransformFromMatrix(matrix: Matrix) {
    return fromMatrix(matrix);
  }
  consolidate(): Transform | null {
    if (!this.items.length) return null;
    const merged = fromMatrix(this.items.reduce((acc, item) => acc.multiply(item.matrix), new Matrix()));
    this.items = [merged];
    return merged;
  }
}

const define = (target: object, values: Record<string, unknown>) => {
  for (const [name, value] of Object.entries(values))
    Object.defineProperty(target, name, { configurable: true, writable: true, value });
};

const transforms = new WeakMap<Element, { baseVal: TransformList }>();

if (!('getBBox' in SVGElement.prototype)) {
  Object.defineProperty(SVGElement.prototype, 'transform', {
    configurable: true,
    get(this: Element) {
      let list = transforms.get(this);
      if (!list) transforms.set(this, (list = { baseVal: new TransformList() }));
      return list;
    },
  });
  define(SVGElement.prototype, {
    getBBox: () => ({ x: 0, y: 0, width: 0, height: 0 }),
    getScreenCTM: () => new Matrix(),
    getCTM: () => new Matrix(),
    getComputedTextLength: () => 0,
  });
  define(SVGSVGElement.prototype, {
    createSVGMatrix: () => new Matrix(),
    createSVGTransform: () => new Transform(),
    createSVGTransformFromMatrix: fromMatrix,
    createSVGPoint: () => ({
      x: 0,
      y: 0,
      matrixTransform(this: { x: number; y: number }) {
        return this;
      },
    }),
  });
  define(globalThis, { SVGMatrix: Matrix });
  define(HTMLCanvasElement.prototype, {
    getContext: () => ({ font: '', measureText: (text: string) => ({ width: text.length * 7 }) }),
  });
}
