// SPDX-License-Identifier: MIT
// What the browser page (web/tether_demo.js) calls in the WebAssembly build of tether: one scene
// at a time, stepped once per animation frame, drawn from per-shape triangles uploaded once and
// per-shape transforms read each frame. Doubles and floats come back through pointers into the
// module's memory. docs/web.md describes the page.
#pragma once

#include "tether/tether.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define TT_WEB_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define TT_WEB_EXPORT
#endif

/// Replace the scene: "showcase" (built in) or the path of a scene file in the module's file
/// system ("scenes/NAME.json"). On failure the old scene is gone and ttWeb_Error says why.
TT_WEB_EXPORT int ttWeb_Load( const char* name );
/// The last error message (loading, a rejected setting, a failed step); "" when none.
TT_WEB_EXPORT const char* ttWeb_Error( void );

/// One step of the scene's time step with the mouse spring applied; 0 when the step failed.
TT_WEB_EXPORT int ttWeb_Step( void );
/// The library's own timing of the last step (ttStepStats.totalMs), ms.
TT_WEB_EXPORT double ttWeb_StepMs( void );
TT_WEB_EXPORT int ttWeb_StepCount( void );
TT_WEB_EXPORT double ttWeb_TimeStep( void );
TT_WEB_EXPORT int ttWeb_BodyCount( void );
TT_WEB_EXPORT int ttWeb_JointCount( void );
TT_WEB_EXPORT int ttWeb_ContactCount( void );

/// The solver switches, with the names of tools/solver_names.c; setters return 0 (and set the
/// error) when the world rejects the value.
TT_WEB_EXPORT int ttWeb_JointSolverCount( void );
TT_WEB_EXPORT const char* ttWeb_JointSolverName( int index );
TT_WEB_EXPORT int ttWeb_GetJointSolver( void );
TT_WEB_EXPORT int ttWeb_SetJointSolver( int solver );
TT_WEB_EXPORT int ttWeb_ContactSolverCount( void );
TT_WEB_EXPORT const char* ttWeb_ContactSolverName( int index );
TT_WEB_EXPORT int ttWeb_GetContactSolver( void );
TT_WEB_EXPORT int ttWeb_SetContactSolver( int solver );
TT_WEB_EXPORT int ttWeb_GetSubsteps( void );
TT_WEB_EXPORT int ttWeb_SetSubsteps( int substeps );

/// Shapes of the scene, in a fixed order for the life of the scene.
TT_WEB_EXPORT int ttWeb_ShapeCount( void );
/// Bits: 1 the body is not dynamic, 2 the shape is a plane, 4 the body sleeps; the body's index
/// in the scene (for its colour) from bit 8 up.
TT_WEB_EXPORT int ttWeb_ShapeFlags( int index );
/// Triangles of shape `index` in its own frame; returns the vertex count, the vertices (6 floats:
/// position, normal) are at ttWeb_ShapeMeshData until the next call.
TT_WEB_EXPORT int ttWeb_ShapeMesh( int index );
TT_WEB_EXPORT const float* ttWeb_ShapeMeshData( void );
/// Each shape's world matrix now: 16 floats per shape, column major.
TT_WEB_EXPORT const float* ttWeb_UpdateTransforms( void );
/// Line segments to draw now (joints: body centre to anchor to anchor to body centre; the mouse
/// spring): returns the vertex count; 3 floats per vertex at ttWeb_LineData.
TT_WEB_EXPORT int ttWeb_UpdateLines( void );
TT_WEB_EXPORT const float* ttWeb_LineData( void );
/// Lower and upper corner of the bounds of every shape but planes (6 doubles).
TT_WEB_EXPORT const double* ttWeb_Bounds( void );

/// Mouse spring: grab the dynamic body the ray origin + t direction hits first (returns 1, and
/// the hit point at ttWeb_GrabPoint), pull the grabbed point toward a target, let go.
TT_WEB_EXPORT int ttWeb_Grab( double ox, double oy, double oz, double dx, double dy, double dz );
TT_WEB_EXPORT const double* ttWeb_GrabPoint( void );
/// Where the grabbed point of the body is now (3 doubles; zeros when nothing is grabbed).
TT_WEB_EXPORT const double* ttWeb_SpringPoint( void );
TT_WEB_EXPORT void ttWeb_Drag( double x, double y, double z );
TT_WEB_EXPORT void ttWeb_Release( void );

/// Index of the scene's body of that name; for "" the first dynamic body; -1 when none.
TT_WEB_EXPORT int ttWeb_FindBody( const char* name );
/// World position of body `index` (3 doubles).
TT_WEB_EXPORT const double* ttWeb_BodyPosition( int index );

/// Triangles of one shape (web_geometry.c); planes become squares of halfSize around the point
/// nearest the origin. Returns the vertex count (vertices at ttWeb_ShapeMeshData).
int ttWeb_BuildShapeMesh( ttShapeId shape, ttReal planeHalfSize );
