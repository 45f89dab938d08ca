// SPDX-License-Identifier: MIT
// Direct solve of the velocity-level joints' equalities over trees of bodies and joints
// (joint_si_tree.c, Baraff's linear-time ordering).
#pragma once

#include "joint_si.h"

typedef struct ttSiTree ttSiTree;

/// Find the groups of joints (by their equality rows) whose graph with the dynamic bodies is a
/// tree with at most one joint to a static or kinematic body, and order them for elimination.
/// *tree is made on first use. False only when out of memory.
bool ttSiTree_Build( ttWorld* world, ttSiTree** tree, ttSiJoint* joints, int jointCount );
/// Whether joint j (an index into `joints`) is solved directly.
bool ttSiTree_Contains( const ttSiTree* tree, int joint );
/// Factor the groups with the rows each joint names (ttSiJoint.treeRows: its equalities and the
/// limits engaged now) and their diagonal mixing gammas[j][k], k indexing those rows. False when
/// a block is singular.
bool ttSiTree_Factor( ttSiTree* tree, ttWorld* world, const ttSiJoint* joints, const ttReal* const* gammas );
/// Solve (J M^-1 J^T + G) P = r for the impulses of those rows of every joint in a tree: rhs[j][k]
/// in, impulse[j][k] out.
void ttSiTree_Solve( ttSiTree* tree, const ttReal* const* rhs, ttReal* const* impulse );
void ttSiTree_Destroy( ttSiTree* tree );
