// SPDX-License-Identifier: MIT
// Hinge chains (Mueller et al. 2017, section 3.4, eq. 1, figs. 8-9): chains of bodies linked by
// hinge joints with parallel axes keep every joint in one plane and every axis along its normal
// by one global projection per solver iteration.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttHingeChainSet ttHingeChainSet;

/// Called once per step before the substeps: find the chains again when the joint graph changed
/// and report the chain count and the analysis time into world->stats.
void ttHingeChains_Update( ttWorld* world );

/// Called after the joints of each position iteration: project every chain into its plane.
void ttHingeChains_Solve( ttWorld* world, ttReal h );

/// Debug read (long_range_read.c): fills up to capacity entries, one per chain body between two
/// hinges, and returns how many there are; finds the chains first if the joint graph changed.
int ttHingeChains_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity );

/// Free the chain data of a world (ttDestroyWorld).
void ttHingeChains_Destroy( ttWorld* world );
