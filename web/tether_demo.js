// SPDX-License-Identifier: MIT
// The page of the browser demo (docs/web.md): loads a scene in the WebAssembly module
// (web/web_api.h), steps it once per animation frame, draws it with WebGL2, and wires the mouse
// spring, the solver switches and the step time. URL parameters, for links and for the test
// (tests/web_demo_test.py): scene=NAME, steps=N (pause after N steps), body=NAME (the body whose
// position #state shows), spring=DX,DY,DZ (grab that body from straight above at load and pull the
// grabbed point by this offset), report=1 (POST steps, positions and the canvas as PNG to /report
// when the steps are done).
'use strict';

const params = new URLSearchParams(window.location.search);
const $ = (id) => document.getElementById(id);
let api = null; // the module's functions, wrapped once the runtime is up

// ---- small 4x4 matrix helpers (column major, as WebGL wants) ----
function perspective(fovY, aspect, near, far) {
  const f = 1 / Math.tan(fovY / 2), d = near - far;
  return [f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / d, -1, 0, 0, 2 * far * near / d, 0];
}
function multiply(a, b) {
  const m = new Array(16).fill(0);
  for (let c = 0; c < 4; ++c)
    for (let r = 0; r < 4; ++r)
      for (let k = 0; k < 4; ++k) m[4 * c + r] += a[4 * k + r] * b[4 * c + k];
  return m;
}
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (s, a) => [s * a[0], s * a[1], s * a[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalize = (a) => scale(1 / Math.hypot(a[0], a[1], a[2]), a);

// ---- orbit camera ----
const camera = { target: [0, 0, 0], yaw: 0.5, pitch: 0.35, distance: 10, fovY: 0.8 };
function cameraBasis() {
  const c = Math.cos(camera.pitch);
  const eye = add(camera.target, scale(camera.distance,
    [c * Math.sin(camera.yaw), Math.sin(camera.pitch), c * Math.cos(camera.yaw)]));
  const forward = normalize(sub(camera.target, eye));
  const right = normalize(cross(forward, [0, 1, 0]));
  return { eye, forward, right, up: cross(right, forward) };
}
function viewProjection(aspect) {
  const { eye, forward, right, up } = cameraBasis();
  const view = [right[0], up[0], -forward[0], 0, right[1], up[1], -forward[1], 0, right[2], up[2], -forward[2], 0,
    -dot(right, eye), -dot(up, eye), dot(forward, eye), 1];
  return multiply(perspective(camera.fovY, aspect, camera.distance / 200, camera.distance * 50), view);
}
// The ray through a pixel of the canvas, in world space.
function pixelRay(canvas, x, y) {
  const { eye, forward, right, up } = cameraBasis();
  const t = Math.tan(camera.fovY / 2), aspect = canvas.clientWidth / canvas.clientHeight;
  const nx = 2 * x / canvas.clientWidth - 1, ny = 1 - 2 * y / canvas.clientHeight;
  return { origin: eye, direction: normalize(add(forward, add(scale(nx * t * aspect, right), scale(ny * t, up)))) };
}
function frameBounds() {
  const b = new Float64Array(Module.HEAPF64.buffer, api.bounds(), 6);
  camera.target = [(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2];
  const radius = Math.max(0.5 * Math.hypot(b[3] - b[0], b[4] - b[1], b[5] - b[2]), 0.2);
  // The bounding sphere a little inside the view: the corners of the bounds are rarely all in sight.
  camera.distance = 0.95 * radius / Math.tan(camera.fovY / 2);
  camera.yaw = 0.5;
  camera.pitch = 0.35;
}

// ---- WebGL2 drawing ----
const vertexShader = `#version 300 es
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
uniform mat4 viewProjection, model;
out vec3 worldPosition, worldNormal;
void main() {
  vec4 p = model * vec4(position, 1.0);
  worldPosition = p.xyz;
  worldNormal = mat3(model) * normal;
  gl_Position = viewProjection * p;
}`;
const fragmentShader = `#version 300 es
precision highp float;
in vec3 worldPosition, worldNormal;
uniform vec3 color;
uniform int mode; // 0 lit solid, 1 lit plane with a 1 m grid, 2 unlit lines
out vec4 fragment;
void main() {
  if (mode == 2) { fragment = vec4(color, 1.0); return; }
  vec3 n = normalize(worldNormal);
  float light = 0.35 + 0.65 * abs(dot(n, normalize(vec3(0.4, 1.0, 0.6))));
  vec3 c = color * light;
  if (mode == 1) {
    vec2 g = abs(fract(worldPosition.xz + 0.5) - 0.5) / fwidth(worldPosition.xz);
    c *= mix(0.7, 1.0, clamp(min(g.x, g.y), 0.0, 1.0));
  }
  fragment = vec4(c, 1.0);
}`;

function compile(gl, type, source) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
  return shader;
}

const palette = [[0.90, 0.55, 0.25], [0.35, 0.65, 0.90], [0.55, 0.80, 0.40], [0.90, 0.75, 0.30],
  [0.75, 0.50, 0.85], [0.40, 0.80, 0.75], [0.90, 0.45, 0.50]];

class Renderer {
  constructor(canvas) {
    // preserveDrawingBuffer: the test reads the canvas back after the frame is shown.
    const gl = canvas.getContext('webgl2', { antialias: true, preserveDrawingBuffer: true });
    if (!gl) throw new Error('this browser has no WebGL2');
    this.gl = gl;
    this.program = gl.createProgram();
    gl.attachShader(this.program, compile(gl, gl.VERTEX_SHADER, vertexShader));
    gl.attachShader(this.program, compile(gl, gl.FRAGMENT_SHADER, fragmentShader));
    gl.linkProgram(this.program);
    if (!gl.getProgramParameter(this.program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(this.program));
    this.uniforms = {};
    for (const name of ['viewProjection', 'model', 'color', 'mode'])
      this.uniforms[name] = gl.getUniformLocation(this.program, name);
    this.shapes = [];
    this.lineArray = gl.createVertexArray();
    this.lineBuffer = gl.createBuffer();
    gl.bindVertexArray(this.lineArray);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.lineBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 12, 0);
    gl.vertexAttrib3f(1, 0, 1, 0);
    gl.bindVertexArray(null);
  }

  // One vertex array per shape with its triangles in the shape's frame.
  upload() {
    const gl = this.gl;
    for (const shape of this.shapes) { gl.deleteVertexArray(shape.array); gl.deleteBuffer(shape.buffer); }
    this.shapes = [];
    const count = api.shapeCount();
    for (let i = 0; i < count; ++i) {
      const vertexCount = api.shapeMesh(i);
      const data = new Float32Array(Module.HEAPF32.buffer, api.shapeMeshData(), 6 * vertexCount);
      const array = gl.createVertexArray(), buffer = gl.createBuffer();
      gl.bindVertexArray(array);
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
      gl.enableVertexAttribArray(0);
      gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 24, 0);
      gl.enableVertexAttribArray(1);
      gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 24, 12);
      this.shapes.push({ array, buffer, vertexCount });
    }
    gl.bindVertexArray(null);
  }

  draw(canvas) {
    const gl = this.gl, u = this.uniforms;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(canvas.clientWidth * ratio), height = Math.round(canvas.clientHeight * ratio);
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
    gl.viewport(0, 0, width, height);
    gl.clearColor(0.125, 0.141, 0.173, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(u.viewProjection, false, viewProjection(width / height));
    const matrices = new Float32Array(Module.HEAPF32.buffer, api.updateTransforms(), 16 * this.shapes.length);
    this.shapes.forEach((shape, i) => {
      const flags = api.shapeFlags(i);
      const isPlane = (flags & 2) !== 0, isStatic = (flags & 1) !== 0, asleep = (flags & 4) !== 0;
      let color = isStatic ? [0.55, 0.57, 0.6] : palette[(flags >> 8) % palette.length];
      if (asleep) color = scale(0.6, color);
      gl.uniform3fv(u.color, color);
      gl.uniform1i(u.mode, isPlane ? 1 : 0);
      gl.uniformMatrix4fv(u.model, false, matrices.subarray(16 * i, 16 * i + 16));
      gl.bindVertexArray(shape.array);
      gl.drawArrays(gl.TRIANGLES, 0, shape.vertexCount);
    });
    const lineVertices = api.updateLines();
    if (lineVertices > 0) {
      gl.bindVertexArray(this.lineArray);
      gl.bindBuffer(gl.ARRAY_BUFFER, this.lineBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(Module.HEAPF32.buffer, api.lineData(), 3 * lineVertices),
        gl.STREAM_DRAW);
      gl.uniform3fv(u.color, [0.95, 0.95, 0.85]);
      gl.uniform1i(u.mode, 2);
      gl.uniformMatrix4fv(u.model, false, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
      gl.drawArrays(gl.LINES, 0, lineVertices);
    }
    gl.bindVertexArray(null);
  }
}

// ---- the demo: scene, controls, stepping ----
const demo = {
  running: true, stopAfter: Number(params.get('steps') || 0), reported: false,
  wallMs: [], libraryMs: [], totalWallMs: 0, totalLibraryMs: 0, bodyIndex: -1, failed: false,
  lastFrame: undefined, owed: 0, // s of simulation owed to real time
};

function sceneFile(name) {
  return name === 'showcase' ? name : 'scenes/' + name + '.json';
}

function showError(text) {
  $('error').textContent = text;
}

function load(name) {
  demo.failed = api.load(sceneFile(name)) === 0;
  demo.wallMs = [];
  demo.libraryMs = [];
  demo.totalWallMs = demo.totalLibraryMs = 0;
  showError(demo.failed ? api.error() : '');
  demo.bodyIndex = demo.failed ? -1 : api.findBody(params.get('body') || '');
  renderer.upload();
  if (!demo.failed) frameBounds();
  demo.springTarget = null;
  if (params.get('spring') && demo.bodyIndex >= 0) grabFromAbove(params.get('spring').split(',').map(Number));
  $('jointSolver').value = api.getJointSolver();
  $('contactSolver').value = api.getContactSolver();
  $('substeps').value = api.getSubsteps();
}

// The mouse spring without a mouse: a ray straight down through the body's origin grabs it (for a
// body whose centre of mass is its origin the pull then passes through the centre), and the target
// is the grabbed point moved by offset.
function grabFromAbove(offset) {
  const p = bodyPosition();
  if (api.grab(p[0], p[1] + 100, p[2], 0, -1, 0) === 0) return;
  const point = Array.from(new Float64Array(Module.HEAPF64.buffer, api.grabPoint(), 3));
  demo.springTarget = add(point, offset);
  api.drag(...demo.springTarget);
}

function fillSelect(select, count, nameOf) {
  for (let i = 0; i < count; ++i) select.add(new Option(nameOf(i), i));
}

function average(values) {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function step() {
  const start = performance.now();
  const ok = api.step() !== 0;
  const wall = performance.now() - start;
  if (!ok) {
    demo.failed = true;
    showError(api.error() || 'the step failed');
    return;
  }
  demo.wallMs.push(wall);
  demo.libraryMs.push(api.stepMs());
  demo.totalWallMs += wall;
  demo.totalLibraryMs += api.stepMs();
  if (demo.wallMs.length > 60) { demo.wallMs.shift(); demo.libraryMs.shift(); }
}

function bodyPosition() {
  if (demo.bodyIndex < 0) return null;
  return Array.from(new Float64Array(Module.HEAPF64.buffer, api.bodyPosition(demo.bodyIndex), 3));
}

function updateText() {
  const steps = api.stepCount();
  $('stats').textContent =
    `step ${steps}  t = ${(steps * api.timeStep()).toFixed(2)} s\n` +
    `step time ${average(demo.wallMs).toFixed(3)} ms (library ${average(demo.libraryMs).toFixed(3)} ms)\n` +
    `${api.bodyCount()} bodies  ${api.jointCount()} joints  ${api.contactCount()} contacts`;
  const p = bodyPosition();
  const state = $('state');
  state.dataset.steps = steps;
  state.dataset.position = p ? p.join(' ') : '';
  state.textContent = p ? `${params.get('body') || 'first body'}: ${p.map((v) => v.toFixed(3)).join(', ')}` : '';
}

// The test's hook: steps, position and the canvas as PNG, once.
function report(canvas) {
  demo.reported = true;
  const body = JSON.stringify({
    steps: api.stepCount(), timeStep: api.timeStep(), substeps: api.getSubsteps(), position: bodyPosition(),
    springTarget: demo.springTarget,
    springPoint: demo.springTarget ? Array.from(new Float64Array(Module.HEAPF64.buffer, api.springPoint(), 3)) : null,
    error: api.error(), failed: demo.failed, wallMs: demo.totalWallMs / Math.max(api.stepCount(), 1),
    libraryMs: demo.totalLibraryMs / Math.max(api.stepCount(), 1),
    image: canvas.toDataURL('image/png'),
  });
  fetch('report', { method: 'POST', body });
}

let renderer = null;

// Steps follow real time: a step whenever half a time step or more is owed (so a 60 Hz display
// steps once per frame and a 120 Hz one every other frame), at most 4 per frame and at most 0.1 s
// owed, so that a scene slower than real time slows down instead of piling up steps.
function frame(canvas, now) {
  const elapsed = demo.lastFrame === undefined ? 0 : (now - demo.lastFrame) / 1000;
  demo.lastFrame = now;
  demo.owed = demo.running ? Math.min(demo.owed + elapsed, 0.1) : 0;
  const timeStep = api.timeStep();
  for (let k = 0; k < 4 && demo.running && !demo.failed && timeStep > 0 && demo.owed >= timeStep / 2; ++k) {
    if (demo.stopAfter > 0 && api.stepCount() >= demo.stopAfter) break;
    step();
    demo.owed -= timeStep;
  }
  const done = demo.stopAfter > 0 && api.stepCount() >= demo.stopAfter;
  renderer.draw(canvas);
  updateText();
  if ((done || demo.failed) && params.get('report') && !demo.reported) report(canvas);
  requestAnimationFrame((now) => frame(canvas, now));
}

function wireMouse(canvas) {
  let drag = null; // { kind: 'spring' | 'orbit' | 'pan', x, y, point }
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    const ray = pixelRay(canvas, e.offsetX, e.offsetY);
    if (e.button === 0 && !e.shiftKey &&
        api.grab(...ray.origin, ...ray.direction) !== 0) {
      drag = { kind: 'spring', point: Array.from(new Float64Array(Module.HEAPF64.buffer, api.grabPoint(), 3)) };
    } else {
      drag = { kind: e.shiftKey || e.button === 1 ? 'pan' : 'orbit', x: e.clientX, y: e.clientY };
    }
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (drag.kind === 'spring') {
      // The target stays at the grabbed point's depth along the view direction.
      const ray = pixelRay(canvas, e.offsetX, e.offsetY), { forward } = cameraBasis();
      const t = dot(sub(drag.point, ray.origin), forward) / dot(ray.direction, forward);
      api.drag(...add(ray.origin, scale(t, ray.direction)));
      return;
    }
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (drag.kind === 'orbit') {
      camera.yaw -= 0.008 * dx;
      camera.pitch = Math.max(-1.5, Math.min(1.5, camera.pitch + 0.008 * dy));
    } else {
      const { right, up } = cameraBasis(), s = camera.distance * 0.0015;
      camera.target = add(camera.target, add(scale(-dx * s, right), scale(dy * s, up)));
    }
  });
  const release = () => { if (drag && drag.kind === 'spring') api.release(); drag = null; };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    camera.distance *= Math.exp(0.001 * e.deltaY);
  }, { passive: false });
}

function start() {
  const w = (name, ret, args) => Module.cwrap('ttWeb_' + name, ret, args);
  const n = 'number', s = 'string';
  api = {
    load: w('Load', n, [s]), error: w('Error', s, []), step: w('Step', n, []), stepMs: w('StepMs', n, []),
    stepCount: w('StepCount', n, []), timeStep: w('TimeStep', n, []), bodyCount: w('BodyCount', n, []),
    jointCount: w('JointCount', n, []), contactCount: w('ContactCount', n, []),
    jointSolverCount: w('JointSolverCount', n, []), jointSolverName: w('JointSolverName', s, [n]),
    getJointSolver: w('GetJointSolver', n, []), setJointSolver: w('SetJointSolver', n, [n]),
    contactSolverCount: w('ContactSolverCount', n, []), contactSolverName: w('ContactSolverName', s, [n]),
    getContactSolver: w('GetContactSolver', n, []), setContactSolver: w('SetContactSolver', n, [n]),
    getSubsteps: w('GetSubsteps', n, []), setSubsteps: w('SetSubsteps', n, [n]),
    shapeCount: w('ShapeCount', n, []), shapeFlags: w('ShapeFlags', n, [n]), shapeMesh: w('ShapeMesh', n, [n]),
    shapeMeshData: w('ShapeMeshData', n, []), updateTransforms: w('UpdateTransforms', n, []),
    updateLines: w('UpdateLines', n, []), lineData: w('LineData', n, []), bounds: w('Bounds', n, []),
    grab: w('Grab', n, [n, n, n, n, n, n]), grabPoint: w('GrabPoint', n, []), springPoint: w('SpringPoint', n, []), drag: w('Drag', null, [n, n, n]),
    release: w('Release', null, []), findBody: w('FindBody', n, [s]), bodyPosition: w('BodyPosition', n, [n]),
  };
  const canvas = $('view');
  try {
    renderer = new Renderer(canvas);
  } catch (error) {
    $('stats').textContent = '';
    showError('WebGL2: ' + error.message);
    return;
  }
  const sceneSelect = $('scene');
  for (const name of window.tetherScenes) sceneSelect.add(new Option(name, name));
  const initial = params.get('scene') || 'showcase';
  if (!window.tetherScenes.includes(initial)) sceneSelect.add(new Option(initial, initial));
  sceneSelect.value = initial;
  fillSelect($('jointSolver'), api.jointSolverCount(), api.jointSolverName);
  fillSelect($('contactSolver'), api.contactSolverCount(), api.contactSolverName);

  sceneSelect.addEventListener('change', () => load(sceneSelect.value));
  $('reset').addEventListener('click', () => load(sceneSelect.value));
  $('pause').addEventListener('click', () => {
    demo.running = !demo.running;
    $('pause').textContent = demo.running ? 'pause' : 'run';
  });
  $('single').addEventListener('click', () => { if (!demo.failed) step(); });
  // A setting the world refuses keeps the old value and shows the library's message.
  const setting = (id, set, get) => $(id).addEventListener('change', () => {
    showError(set(Number($(id).value)) ? '' : api.error() || 'refused');
    $(id).value = get();
  });
  setting('jointSolver', api.setJointSolver, api.getJointSolver);
  setting('contactSolver', api.setContactSolver, api.getContactSolver);
  setting('substeps', api.setSubsteps, api.getSubsteps);
  wireMouse(canvas);
  load(initial);
  requestAnimationFrame((now) => frame(canvas, now));
}

// The module (tether_web.js, loaded after this file) calls this when it is ready.
var Module = {
  onRuntimeInitialized: start,
  printErr: (text) => console.warn(text),
};
