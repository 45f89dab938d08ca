// SPDX-License-Identifier: MIT
// The bookkeeping shared by the particle builders (particle_build.c, particle_tire.c): what a
// build made so far, so that a build that fails midway (memory) destroys it again and leaves the
// world as it was, and the checks of the fields every builder has.
#pragma once

#include "tether/tether.h"

/// The cookie ttDefault*Def stores in internalValue: a def not made by them is refused.
#define TT_BUILD_DEF_COOKIE 0x7e7eb1

// What a build made so far, to undo it on failure.
typedef struct ttBuild
{
	ttWorldId worldId;
	ttParticleId* particles;
	int count;
	int group;
	bool failed;
} ttBuild;

/// Resolve the world and reserve room for `count` ids; group 0 takes a fresh group. false (with a
/// message naming `function`) when the world is invalid or memory runs out (then build->failed).
bool ttBuild_Begin( ttBuild* build, const char* function, ttWorldId worldId, int count, int group );
/// Create one particle of the build's group (nothing once the build has failed).
void ttBuild_AddParticle( ttBuild* build, ttVec3 position, ttReal mass, ttReal radius, ttReal staticFriction,
                          ttReal dynamicFriction, ttReal damping );
/// Mark the build failed when a constraint could not be created.
void ttBuild_Check( ttBuild* build, ttParticleConstraintId id );
/// Undo on failure, hand the ids out on success (out may be NULL).
ttResult ttBuild_End( ttBuild* build, ttParticleId* out );
/// The particle fields shared by every builder, checked as ttCreateParticle would.
bool ttCheckParticleFields( const char* function, ttReal mass, ttReal radius, ttReal staticFriction,
                            ttReal dynamicFriction, ttReal damping );
/// A compliance that may be negative for "none" when `optional`.
bool ttCheckCompliance( const char* function, const char* name, ttReal compliance, bool optional );

/// An edge of a mesh (a < b) with the vertex opposite it in the triangle it came from.
typedef struct ttEdge
{
	int a, b; ///< a < b
	int opposite;
} ttEdge;

/// qsort order of edges: by a, b, then opposite (repeats end up side by side).
int ttCompareEdges( const void* left, const void* right );
/// Shape matching in overlapping clusters (Mueller et al. 2005, section 4.4): one per vertex, of
/// the vertex and its edge neighbours. `edges` is sorted, with repeats.
void ttAddVertexClusters( ttBuild* build, const ttEdge* edges, int edgeCount, int n, ttReal compliance );
/// A distance constraint along every edge of `edges` (sorted, repeats once).
void ttBuild_AddEdgeDistances( ttBuild* build, const ttEdge* edges, int edgeCount, ttReal compliance );
/// Shape matching over all n particles, or in clusters of each vertex and its edge neighbours.
void ttBuild_AddShapeMatching( ttBuild* build, const ttEdge* edges, int edgeCount, int n, ttReal compliance,
                               bool clusters );
