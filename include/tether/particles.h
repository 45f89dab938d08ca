// SPDX-License-Identifier: MIT
// tether: particles and the constraints between them, stepped in the same substeps as the rigid
// bodies (XPBD paper, section 3.3: a particle is a body without orientation). Particles collide
// with every shape and with each other; constraints on them have SI compliance and report their
// multipliers as forces (lambda / h^2). Conventions as in tether.h: invalid input is refused with
// a message and leaves the world unchanged. docs/particles.md describes the model and numbers.
#pragma once

#include "base.h"
#include "id.h"
#include "math_functions.h"

typedef struct ttParticleId
{
	int32_t index1; ///< one-based slot, 0 means null
	uint32_t world0;
	uint32_t generation;
} ttParticleId;

typedef struct ttParticleConstraintId
{
	int32_t index1;
	uint32_t world0;
	uint32_t generation;
} ttParticleConstraintId;

static const ttParticleId ttNullParticleId = { 0, 0, 0 };
static const ttParticleConstraintId ttNullParticleConstraintId = { 0, 0, 0 };

typedef struct ttParticleDef
{
	ttVec3 position; ///< m
	ttVec3 velocity; ///< m/s
	/// kg, within [TT_MIN_MASS, TT_MAX_MASS]; 0 makes the particle fixed (infinite mass: it moves
	/// only when set).
	ttReal mass;
	/// Collision radius, m, within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE].
	ttReal radius;
	/// Coulomb friction against shapes and other particles, >= 0; a contact uses the mean of its
	/// two sides' values (as rigid contacts do).
	ttReal staticFriction, dynamicFriction;
	ttReal gravityScale;
	/// Linear damping, 1/s: v <- v / (1 + h damping) each substep (0: none).
	ttReal damping;
	/// Particles with the same non-zero group do not collide with each other (a cloth's or a soft
	/// body's own particles, whose constraints keep them apart).
	int group;
	/// Collide with shapes and particles at all.
	bool collide;
	void* userData;
	int internalValue; ///< set by ttDefaultParticleDef
} ttParticleDef;

/// One particle's state as ttWorld_GetParticleStates writes it: 6 packed reals.
typedef struct ttParticleState
{
	ttVec3 position;
	ttVec3 velocity;
} ttParticleState;

typedef enum ttParticleConstraintType
{
	ttParticleConstraint_distance = 0, ///< |x_b - x_a| = rest length
	ttParticleConstraint_bending,      ///< dihedral angle of two triangles sharing an edge
	ttParticleConstraint_volume,       ///< signed volume of a tetrahedron
	ttParticleConstraint_area,         ///< area of a triangle
	ttParticleConstraint_shapeMatch,   ///< particles held to the best rigid fit of their rest shape
	ttParticleConstraint_attachment,   ///< a particle held to a point of a rigid body
} ttParticleConstraintType;

// ---------------------------------------------------------------------------------------------
// Particles

TT_API ttParticleDef ttDefaultParticleDef( void );
TT_API ttParticleId ttCreateParticle( ttWorldId worldId, const ttParticleDef* def );
/// Destroys the particle and every constraint that uses it.
TT_API void ttDestroyParticle( ttParticleId particleId );
TT_API bool ttParticle_IsValid( ttParticleId particleId );
TT_API ttVec3 ttParticle_GetPosition( ttParticleId particleId );
TT_API ttVec3 ttParticle_GetVelocity( ttParticleId particleId );
TT_API ttReal ttParticle_GetMass( ttParticleId particleId );
TT_API ttReal ttParticle_GetRadius( ttParticleId particleId );
TT_API ttResult ttParticle_SetPosition( ttParticleId particleId, ttVec3 position );
TT_API ttResult ttParticle_SetVelocity( ttParticleId particleId, ttVec3 velocity );
/// 0 fixes the particle in place.
TT_API ttResult ttParticle_SetMass( ttParticleId particleId, ttReal mass );
TT_API int ttWorld_GetParticleCount( ttWorldId worldId );
/// The ids of the live particles in slot order; returns how many were written.
TT_API int ttWorld_GetParticles( ttWorldId worldId, ttParticleId* particles, int capacity );
/// Bulk read (as ttWorld_GetBodyStates): every id checked before anything is written.
TT_API ttResult ttWorld_GetParticleStates( ttWorldId worldId, const ttParticleId* particles, int count,
                                           ttParticleState* states );
/// Positions only, into 3 * count reals (a (count, 3) array).
TT_API ttResult ttWorld_GetParticlePositions( ttWorldId worldId, const ttParticleId* particles, int count,
                                              ttVec3* positions );

// ---------------------------------------------------------------------------------------------
// Constraints. compliance >= 0 (0: rigid) is the inverse of the stiffness k in the constraint's
// energy k C^2 / 2, so its unit is that of C per generalized force: m/N (distance, attachment,
// shape matching per particle), rad/(N m) (bending), m^5/N (volume: m^3 per N/m^2), m^3/N
// (area: m^2 per N/m).

/// restLength < 0 takes the current distance.
TT_API ttParticleConstraintId ttCreateParticleDistance( ttWorldId worldId, ttParticleId a, ttParticleId b,
                                                        ttReal restLength, ttReal compliance );
/// Triangles (p0, p1, p2) and (p1, p0, p3) share the edge p0-p1; the rest angle is the current one.
TT_API ttParticleConstraintId ttCreateParticleBending( ttWorldId worldId, const ttParticleId p[4], ttReal compliance );
/// Rest volume is the current one; a tetrahedron flatter than 1e-6 of its longest edge cubed is
/// refused.
TT_API ttParticleConstraintId ttCreateParticleVolume( ttWorldId worldId, const ttParticleId p[4], ttReal compliance );
/// Rest area is the current one; a degenerate triangle is refused.
TT_API ttParticleConstraintId ttCreateParticleArea( ttWorldId worldId, const ttParticleId p[3], ttReal compliance );
/// Shape matching (Mueller et al. 2005) over 2..count particles, rest shape the current one;
/// compliance per particle (m/N) of the spring to its goal position. Overlapping calls over
/// subsets give the paper's clusters.
TT_API ttParticleConstraintId ttCreateParticleShapeMatch( ttWorldId worldId, const ttParticleId* particles, int count,
                                                          ttReal compliance );
/// Hold the particle at localPoint of the body (the body's frame); dynamic bodies feel the force
/// through their generalized inverse mass at that point (paper eqs. 2-9).
TT_API ttParticleConstraintId ttCreateParticleAttachment( ttWorldId worldId, ttParticleId particle, ttBodyId body,
                                                          ttVec3 localPoint, ttReal compliance );
TT_API void ttDestroyParticleConstraint( ttParticleConstraintId constraintId );
/// The rest value a distance, bending, volume or area constraint holds its particles to: length
/// (m), dihedral angle (rad), signed volume (m^3) or area (m^2); 0 (and a message) for other types.
TT_API ttReal ttParticleConstraint_GetRest( ttParticleConstraintId constraintId );
/// Change that rest value (a rest state other than the creation pose, or a saved one restored):
/// length in [0, TT_MAX_POSITION], angle in [-pi, pi], volume finite and non-zero, area > 0.
TT_API ttResult ttParticleConstraint_SetRest( ttParticleConstraintId constraintId, ttReal rest );
/// A shape match's particle count; with `offsets` (capacity >= count) its rest offsets from the
/// rest centre of mass, and with `rotation` the rotation of its last fit (where the next fit
/// starts). -1 (and a message) for another type or a bad id.
TT_API int ttParticleShapeMatch_GetRestShape( ttParticleConstraintId constraintId, ttVec3* offsets, int capacity,
                                              ttQuat* rotation );
/// Replace a shape match's rest shape (count must be its particle count; finite offsets, not all
/// zero) and the rotation its next fit starts from (a unit quaternion, kept bit for bit).
TT_API ttResult ttParticleShapeMatch_SetRestShape( ttParticleConstraintId constraintId, const ttVec3* offsets,
                                                   int count, ttQuat rotation );
TT_API bool ttParticleConstraint_IsValid( ttParticleConstraintId constraintId );
TT_API ttParticleConstraintType ttParticleConstraint_GetType( ttParticleConstraintId constraintId );
/// The multiplier of the last substep, lambda (= -force h^2, see below).
TT_API ttReal ttParticleConstraint_GetLambda( ttParticleConstraintId constraintId );
/// The constraint force of the last substep, -lambda / h^2: positive when the value is above rest
/// (distance: tension, N; volume: minus the pressure, N/m^2, negative when compressed; area: N/m;
/// bending: the torque about the edge, N m; attachment and shape matching: the magnitude of the
/// force, N, positive).
TT_API ttReal ttParticleConstraint_GetForce( ttParticleConstraintId constraintId );
/// Attachments: the force the constraint exerts on the body during the last substep, N.
TT_API ttVec3 ttParticleAttachment_GetBodyForce( ttParticleConstraintId constraintId );
TT_API int ttWorld_GetParticleConstraintCount( ttWorldId worldId );

// ---------------------------------------------------------------------------------------------
// Builders. Each checks all its input before creating anything; on failure nothing is created.
// The ids are written to the caller's arrays when these are not NULL (capacity as documented).

typedef struct ttRopeDef
{
	ttVec3 start, end;
	int segments;             ///< >= 1: segments + 1 particles
	ttReal mass;              ///< total, kg, shared equally between the particles
	ttReal radius;            ///< of each particle, m
	ttReal compliance;        ///< of the distance constraints, m/N
	ttReal bendingCompliance; ///< of the distances between particles i and i+2 (hair), m/N; < 0 none
	bool fixStart, fixEnd;    ///< end particles with infinite mass
	ttReal staticFriction, dynamicFriction;
	ttReal damping; ///< of each particle, 1/s
	int group;      ///< 0: a fresh group is chosen so the rope does not collide with itself
	int internalValue;
} ttRopeDef;

typedef struct ttClothDef
{
	ttVec3 origin;            ///< corner of particle (0, 0)
	ttVec3 axisU, axisV;      ///< full edge vectors of the grid, m
	int countU, countV;       ///< particles along each edge, >= 2
	ttReal mass;              ///< total, kg
	ttReal radius;            ///< of each particle, m
	ttReal stretchCompliance; ///< of the edge distance constraints, m/N
	ttReal bendingCompliance; ///< of the dihedral constraints across interior edges; < 0 none
	ttReal areaCompliance;    ///< of the triangle area constraints; < 0 none
	bool fixCornerU0V0, fixCornerU1V0, fixCornerU0V1, fixCornerU1V1; ///< pinned corners
	bool fixEdgeV0;                                                  ///< the whole row v = 0 pinned
	ttReal staticFriction, dynamicFriction;
	ttReal damping; ///< of each particle, 1/s
	int group;
	int internalValue;
} ttClothDef;

typedef struct ttSoftBodyDef
{
	const ttVec3* vertices; ///< rest positions, m
	int vertexCount;
	const int* tetrahedra; ///< 4 vertex indices per tetrahedron (any orientation)
	int tetrahedronCount;
	ttReal density;              ///< kg/m^3: each tetrahedron gives a quarter of its mass to each corner
	ttReal radius;               ///< of each particle, m
	ttReal edgeCompliance;       ///< of the edge distance constraints, m/N; < 0 none
	ttReal volumeCompliance;     ///< of the tetrahedron volume constraints, m^5/N; < 0 none
	ttReal shapeMatchCompliance; ///< one shape-matching constraint over all vertices; < 0 none
	/// Instead of one constraint over all vertices, overlapping clusters (Mueller et al. 2005):
	/// one per vertex, of the vertex and its edge neighbours.
	bool shapeMatchClusters;
	ttReal staticFriction, dynamicFriction;
	ttReal damping; ///< of each particle, 1/s
	int group;
	int internalValue;
} ttSoftBodyDef;

TT_API ttRopeDef ttDefaultRopeDef( void );
TT_API ttClothDef ttDefaultClothDef( void );
TT_API ttSoftBodyDef ttDefaultSoftBodyDef( void );

/// particles: segments + 1 entries.
TT_API ttResult ttBuildRope( ttWorldId worldId, const ttRopeDef* def, ttParticleId* particles );
/// particles: countU * countV entries, index u + countU * v.
TT_API ttResult ttBuildCloth( ttWorldId worldId, const ttClothDef* def, ttParticleId* particles );
/// Cloth from a triangle mesh (vertices with their mass shares from the triangle areas; stretch,
/// bending and area constraints as for the grid; def's grid fields are ignored, its mass is the
/// total). particles: vertexCount entries.
TT_API ttResult ttBuildClothMesh( ttWorldId worldId, const ttClothDef* def, const ttVec3* vertices, int vertexCount,
                                  const int* triangles, int triangleCount, ttParticleId* particles );
/// particles: vertexCount entries.
TT_API ttResult ttBuildSoftBody( ttWorldId worldId, const ttSoftBodyDef* def, ttParticleId* particles );
/// A soft body from a closed triangle surface (every edge shared by exactly two triangles, e.g. an
/// OBJ): a particle at each vertex, the enclosed volume's mass (density) shared by the area around
/// each vertex, distances along the edges (edgeCompliance) and shape matching over all vertices or
/// in clusters (shapeMatchCompliance >= 0 required: it is what holds the shape and the volume).
/// def's vertices, tetrahedra and volumeCompliance are ignored. particles: vertexCount entries.
TT_API ttResult ttBuildSoftBodySurface( ttWorldId worldId, const ttSoftBodyDef* def, const ttVec3* vertices,
                                        int vertexCount, const int* triangles, int triangleCount,
                                        ttParticleId* particles );

/// A tire (the XPBD paper's car, section 4): a ring of `segments` slices around a rigid rim, each
/// slice 4 particles (bead and tread, at both sides of the width). The hexahedral element between
/// two neighbouring slices is shape-matched (per element, as the paper's tires; neighbouring
/// elements share a slice, so they are overlapping clusters), the whole tire once more
/// (ringCompliance), and the bead particles are attached to the rim. With a stiff tread the tire's
/// radial stiffness is that of the bead attachments: 2 * segments isotropic springs of compliance
/// attachCompliance in parallel (tests/test_car.c). Defaults: a 15 cm RC car tire of 0.2 kg.
typedef struct ttTireDef
{
	ttBodyId rim;                ///< the rigid body the bead is attached to (static, kinematic or dynamic)
	ttVec3 localCenter;          ///< the wheel's centre in the rim's frame, m
	ttVec3 localAxis;            ///< the wheel's axis in the rim's frame (any length > 0)
	ttReal innerRadius;          ///< bead radius: the particles attached to the rim, m, > 0
	ttReal outerRadius;          ///< tread radius (particle centres), m, > innerRadius
	ttReal width;                ///< between the two sides' particle centres, m, > 0
	int segments;                ///< slices around the wheel, in [6, 4096]: 4 * segments particles
	ttReal mass;                 ///< total, kg, > 0, shared equally
	ttReal radius;               ///< of each particle, m
	ttReal shapeMatchCompliance; ///< per particle of each element's shape matching, m/N, >= 0
	/// Per particle of one more shape matching over the whole tire, m/N; < 0 none. The elements
	/// alone pass a load around the ring one element per iteration, so with few iterations the
	/// ring flattens far more than its elements' stiffness says; the whole-ring cluster spreads
	/// it in one projection (the belt of a real tire).
	ttReal ringCompliance;
	ttReal attachCompliance; ///< of each bead particle's attachment to the rim, m/N, >= 0
	ttReal staticFriction, dynamicFriction;
	ttReal damping; ///< of each particle, 1/s
	int group;      ///< 0: a fresh group (the tire does not collide with itself)
	int internalValue;
} ttTireDef;

TT_API ttTireDef ttDefaultTireDef( void );
/// particles: 4 * segments entries, slice j at 4 j + { bead side -, bead side +, tread side -,
/// tread side + } (sides along the axis); slice j at angle 2 pi j / segments about the axis.
TT_API ttResult ttBuildTire( ttWorldId worldId, const ttTireDef* def, ttParticleId* particles );
